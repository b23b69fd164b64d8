/**
 * The auth screens' form kit: plain inputs, buttons and alerts styled by styles/auth.css with the design tokens of
 * both themes, so the screens shown before sign-in load no antd (docs/decisions/web.md, first-load budgets). The
 * form state follows antd Form's rules: a rule runs on its field's triggers (or its own), every rule on submit, a
 * dependent field is checked again when the field it depends on changes, and messages are kept as message keys so
 * a language switch shows them in the new language.
 */
import { CheckCircleFilled, CloseCircleFilled, EyeInvisibleOutlined, EyeOutlined, LoadingOutlined } from '@ant-design/icons';
import { rules as sharedRules } from '@leadgrid/shared/validation';
import type { TFunction } from 'i18next';
import {
  useCallback,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type ClipboardEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ApiError, serverMessageText } from '../../../api/client';
import { messageText } from '../../../components/form';

/** A message shown under a field, in the language of the moment it is shown. */
export type Message = (t: TFunction) => string;
type Trigger = 'change' | 'blur';
type Outcome = Message | undefined;

export interface Rule<V> {
  /** when it runs besides submit (default: its field's triggers) */
  on?: Trigger;
  check: (value: string, values: V) => Outcome | Promise<Outcome>;
}

export interface FieldSpec<V> {
  rules: Rule<V>[];
  /** the events that check the field (default: change, as antd Form) */
  triggers?: Trigger[];
  /** fields whose change checks this one again once it was touched */
  dependencies?: (keyof V & string)[];
}

const isEmpty = (v: string) => v === '';

/** `required` by the shared rule (product §5) */
export const required = <V,>(on?: Trigger): Rule<V> => ({
  on,
  check: (value) => {
    const result = sharedRules.required(value);
    return result === true ? undefined : (t) => messageText(t, result);
  },
});

/** A field checked by a shared zod schema; an empty optional value passes (product §5). */
export const zodCheck = <V,>(schema: ZodType, on?: Trigger): Rule<V> => ({
  on,
  check: (value) => {
    if (isEmpty(value)) return undefined;
    const parsed = schema.safeParse(value);
    const key = parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'pattern');
    return key === undefined ? undefined : (t) => messageText(t, key);
  },
});

/** A plain text, shown as it is (a server's message). */
const text =
  (value: string): Message =>
  () =>
    value;

export interface AuthForm<V extends Record<string, string>> {
  values: V;
  errors: Partial<Record<keyof V, Message[]>>;
  set(name: keyof V & string, value: string): void;
  blur(name: keyof V & string): void;
  setErrors(name: keyof V & string, messages: Message[]): void;
  /** checks every field; calls `onValid` with the values when none has an error */
  submit(onValid: (values: V) => void): (event?: FormEvent) => void;
  fieldNames(): string[];
}

export function useAuthForm<V extends Record<string, string>>(specs: { [K in keyof V]: FieldSpec<V> }): AuthForm<V> {
  // the fields of the form: those of its first render
  const [names] = useState(() => Object.keys(specs) as (keyof V & string)[]);
  const [values, setValues] = useState<V>(() => Object.fromEntries(names.map((n) => [n, ''])) as V);
  const [errors, setErrorState] = useState<Partial<Record<keyof V, Message[]>>>({});
  const current = useRef(values);
  const touched = useRef(new Set<string>());
  const runs = useRef(new Map<string, number>());
  const specsRef = useRef(specs);
  specsRef.current = specs;

  /** runs the field's rules for a trigger (all of them without one); a later run of the same field wins */
  const validate = useCallback(async (name: keyof V & string, trigger?: Trigger): Promise<boolean> => {
    const spec = specsRef.current[name];
    const triggers = spec.triggers ?? ['change'];
    const chosen = trigger ? spec.rules.filter((r) => (r.on ? r.on === trigger : triggers.includes(trigger))) : spec.rules;
    if (trigger && chosen.length === 0) return true;
    const run = (runs.current.get(name) ?? 0) + 1;
    runs.current.set(name, run);
    const found: Message[] = [];
    for (const rule of chosen) {
      const outcome = await rule.check(current.current[name], current.current);
      if (outcome) found.push(outcome);
    }
    if (runs.current.get(name) === run) setErrorState((e) => ({ ...e, [name]: found }));
    return found.length === 0;
  }, []);

  return useMemo<AuthForm<V>>(
    () => ({
      values,
      errors,
      set(name, value) {
        current.current = { ...current.current, [name]: value };
        setValues(current.current);
        touched.current.add(name);
        void validate(name, 'change');
        for (const other of Object.keys(specsRef.current) as (keyof V & string)[]) {
          if (specsRef.current[other].dependencies?.includes(name) && touched.current.has(other)) void validate(other);
        }
      },
      blur(name) {
        void validate(name, 'blur');
      },
      setErrors(name, messages) {
        runs.current.set(name, (runs.current.get(name) ?? 0) + 1);
        setErrorState((e) => ({ ...e, [name]: messages }));
      },
      submit(onValid) {
        return (event) => {
          event?.preventDefault();
          void Promise.all(names.map((n) => validate(n))).then((oks) => {
            if (oks.every(Boolean)) onValid(current.current);
          });
        };
      },
      fieldNames: () => names,
    }),
    [values, errors, validate, names],
  );
}

/**
 * Puts the server's `errors[]` on the form fields they name (the last `loc` element is the field name), as
 * components/form.ts does for antd forms. Answers the messages that name no field of this form.
 */
export function applyServerErrors<V extends Record<string, string>>(form: AuthForm<V>, error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const fields = new Set(form.fieldNames());
  const byField = new Map<string, Message[]>();
  const rest: string[] = [];
  for (const item of error.errors) {
    const name = [...item.loc].reverse().find((p): p is string => typeof p === 'string');
    const message = serverMessageText(item.msg);
    if (name && fields.has(name)) byField.set(name, [...(byField.get(name) ?? []), text(message)]);
    else rest.push(message);
  }
  for (const [name, messages] of byField) form.setErrors(name as keyof V & string, messages);
  if (error.errors.length === 0) rest.push(error.message);
  return rest;
}

/* ---------- controls ---------- */

interface FieldProps<V extends Record<string, string>> {
  form: AuthForm<V>;
  name: keyof V & string;
  label: ReactNode;
  /** a hint under the field */
  extra?: ReactNode;
  /** optional fields are marked when the form marks them (antd requiredMark="optional") */
  optional?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

export interface ControlProps {
  id: string;
  name: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onValue: (value: string) => void;
  onBlur: () => void;
}

export function Field<V extends Record<string, string>>({ form, name, label, extra, optional, className, children }: FieldProps<V>) {
  const { t } = useTranslation();
  const messages = form.errors[name] ?? [];
  const invalid = messages.length > 0;
  const helpId = `${name}_help`;
  const extraId = `${name}_extra`;
  const describedBy = [invalid ? helpId : '', extra ? extraId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`lg-field${invalid ? ' is-error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="lg-field-label" htmlFor={name}>
        {label}
        {optional ? <span className="lg-field-optional">{t('auth.optional')}</span> : null}
      </label>
      {children({
        id: name,
        name,
        value: form.values[name],
        invalid,
        describedBy,
        onValue: (v) => form.set(name, v),
        onBlur: () => form.blur(name),
      })}
      {invalid ? (
        <div id={helpId} className="lg-field-error" role="alert">
          {messages.map((m, i) => (
            <div key={i}>{m(t)}</div>
          ))}
        </div>
      ) : null}
      {extra ? (
        <div id={extraId} className="lg-field-extra">
          {extra}
        </div>
      ) : null}
    </div>
  );
}

type InputRest = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'id' | 'name' | 'prefix'>;

export function TextInput({
  control,
  prefix,
  type = 'text',
  suffix,
  ...rest
}: { control: ControlProps; prefix?: ReactNode; suffix?: ReactNode } & InputRest) {
  return (
    <span className={`lg-input${control.invalid ? ' is-error' : ''}`}>
      {prefix ? <span className="lg-input-prefix">{prefix}</span> : null}
      <input
        {...rest}
        type={type}
        id={control.id}
        name={control.name}
        value={control.value}
        aria-invalid={control.invalid || undefined}
        aria-describedby={control.describedBy}
        onChange={(e: ChangeEvent<HTMLInputElement>) => control.onValue(e.target.value)}
        onBlur={control.onBlur}
      />
      {suffix ? <span className="lg-input-suffix">{suffix}</span> : null}
    </span>
  );
}

/** A password with the eye that shows it, as antd Input.Password. */
export function PasswordInput({ control, prefix, ...rest }: { control: ControlProps; prefix?: ReactNode } & InputRest) {
  const [visible, setVisible] = useState(false);
  const Eye = visible ? EyeOutlined : EyeInvisibleOutlined;
  return (
    <TextInput
      {...rest}
      control={control}
      prefix={prefix}
      type={visible ? 'text' : 'password'}
      suffix={<Eye className="lg-input-eye" onMouseDown={(e) => e.preventDefault()} onClick={() => setVisible(!visible)} />}
    />
  );
}

/** The 6-digit one-time code: a box per digit, typing moves on, backspace moves back, a pasted code fills the boxes. */
export function OtpInput({ control, length = 6, autoFocus }: { control: ControlProps; length?: number; autoFocus?: boolean }) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => control.value[i] ?? '');
  const put = (from: number, typed: string) => {
    const clean = typed.replace(/\D/g, '');
    if (!clean) return;
    const next = [...digits];
    let at = from;
    for (const ch of clean) {
      if (at >= length) break;
      next[at] = ch;
      at += 1;
    }
    control.onValue(next.join(''));
    boxes.current[Math.min(at, length - 1)]?.focus();
  };
  const onKey = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      control.onValue(digits.slice(0, i - 1).join(''));
      boxes.current[i - 1]?.focus();
    } else if (e.key === 'ArrowLeft' && i > 0) boxes.current[i - 1]?.focus();
    else if (e.key === 'ArrowRight' && i < length - 1) boxes.current[i + 1]?.focus();
  };
  return (
    <div className={`lg-otp${control.invalid ? ' is-error' : ''}`} role="group" aria-describedby={control.describedBy}>
      {digits.map((digit, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          id={i === 0 ? control.id : undefined}
          className="lg-input lg-otp-box"
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={`OTP Input ${i + 1}`}
          aria-invalid={control.invalid || undefined}
          autoFocus={autoFocus && i === 0}
          value={digit}
          onFocus={(e) => e.target.select()}
          onChange={(e) => {
            const typed = e.target.value.replace(/\D/g, '');
            if (!e.target.value) control.onValue(digits.slice(0, i).join(''));
            // a code filled in at once (autofill), or one digit typed over the box's own
            else put(i, typed.length > 2 ? typed : typed.slice(-1));
          }}
          onKeyDown={(e) => onKey(i, e)}
          onPaste={(e: ClipboardEvent<HTMLInputElement>) => {
            e.preventDefault();
            put(i, e.clipboardData.getData('text'));
          }}
          onBlur={control.onBlur}
        />
      ))}
    </div>
  );
}

export function Button({
  variant = 'default',
  loading = false,
  icon,
  block = false,
  children,
  className,
  disabled,
  type = 'button',
  ...rest
}: {
  variant?: 'primary' | 'default' | 'link' | 'text';
  loading?: boolean;
  icon?: ReactNode;
  block?: boolean;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const classes = ['lg-btn', `lg-btn-${variant}`, block ? 'lg-btn-block' : '', loading ? 'is-loading' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : rest.onClick}
    >
      {loading ? <LoadingOutlined className="lg-btn-icon" spin /> : icon ? <span className="lg-btn-icon">{icon}</span> : null}
      {children === undefined || children === null ? null : <span className="lg-btn-label">{children}</span>}
    </button>
  );
}

export function Alert({
  type,
  title,
  description,
  className,
}: {
  type: 'error' | 'success';
  title: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  const Icon = type === 'error' ? CloseCircleFilled : CheckCircleFilled;
  return (
    <div className={`lg-alert lg-alert-${type}${description ? ' has-description' : ''}${className ? ` ${className}` : ''}`} role="alert">
      <Icon className="lg-alert-icon" />
      <div className="lg-alert-body">
        <div className="lg-alert-title">{title}</div>
        {description ? <div className="lg-alert-description">{description}</div> : null}
      </div>
    </div>
  );
}

/** Placeholder rows while the API configuration loads (antd Skeleton's look). */
export function Skeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="lg-skeleton" role="progressbar" aria-label={t('common.loading')} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="lg-skeleton-row" />
      ))}
    </div>
  );
}
