/** The auth form kit keeps antd Form's rules: triggers, submit, dependencies, server errors, messages in the language shown. */
import { loginBody } from '@leadgrid/shared/access/auth';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import i18n, { changeLocale } from '../../../i18n';
import { confirmRule } from './NewPasswordPage';
import { applyServerErrors, Field, PasswordInput, required, TextInput, useAuthForm, zodCheck, type AuthForm } from './kit';

type Values = { email: string; password: string; confirmPassword: string };
let form: AuthForm<Values> | null = null;

function Probe({ onValid }: { onValid: (v: Values) => void }) {
  const f = useAuthForm<Values>({
    email: { rules: [required('change'), zodCheck(loginBody.shape.email, 'blur')], triggers: ['change', 'blur'] },
    password: { rules: [required()] },
    confirmPassword: { rules: [required(), confirmRule<Values>()], dependencies: ['password'] },
  });
  form = f;
  return (
    <form noValidate onSubmit={f.submit(onValid)}>
      <Field form={f} name="email" label="E-mail">
        {(control) => <TextInput control={control} />}
      </Field>
      <Field form={f} name="password" label="Password">
        {(control) => <PasswordInput control={control} />}
      </Field>
      <Field form={f} name="confirmPassword" label="Confirm">
        {(control) => <PasswordInput control={control} />}
      </Field>
      <button type="submit">go</button>
    </form>
  );
}

afterEach(async () => {
  form = null;
  await act(() => changeLocale('en'));
});

describe('auth form kit', () => {
  it('checks the e-mail format on blur, required on change, every rule on submit', async () => {
    const onValid = vi.fn();
    render(<Probe onValid={onValid} />);
    const email = screen.getByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'nope' } });
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull();
    fireEvent.blur(email);
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // typing runs only the change rules: the format message waits for the next blur
    fireEvent.change(email, { target: { value: 'nope2' } });
    await waitFor(() => expect(screen.queryByText('Enter a valid e-mail address')).toBeNull());
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('shows the messages on the form in the new language after a switch', async () => {
    render(<Probe onValid={vi.fn()} />);
    fireEvent.click(screen.getByText('go'));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    await act(() => changeLocale('ru'));
    expect(screen.getAllByText(i18n.t('validation.required'))).toHaveLength(3);
    expect(i18n.t('validation.required')).not.toBe('This field is required');
  });

  it('checks the confirmation again when the password changes, and submits valid values', async () => {
    const onValid = vi.fn();
    render(<Probe onValid={onValid} />);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Confirm'), { target: { value: 'secret1' } });
    expect(screen.queryByText('The passwords do not match')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret2' } });
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    await waitFor(() => expect(screen.queryByText('The passwords do not match')).toBeNull());
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'a@b.io' } });
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: 'a@b.io', password: 'secret1', confirmPassword: 'secret1' }));
  });

  it("puts the server's errors on the fields they name and answers the rest", async () => {
    render(<Probe onValid={vi.fn()} />);
    const error = new ApiError(422, 'Validation failed', [
      { loc: ['body', 'email'], msg: 'Taken', type: 'value_error' },
      { loc: ['body', 'other'], msg: 'Elsewhere', type: 'value_error' },
    ]);
    let rest: string[] = [];
    act(() => {
      rest = applyServerErrors(form!, error);
    });
    expect(await screen.findByText('Taken')).toBeTruthy();
    expect(rest).toEqual(['Elsewhere']);
  });
});
