import { Select } from 'antd';
import { useMemo } from 'react';
import { useLanguages } from '../sieve';

/** One language, by name or code. */
export function LanguagePicker({
  value,
  onChange,
  disabled,
  ...rest
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const languages = useLanguages();
  const options = useMemo(() => (languages.data ?? []).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` })), [languages.data]);
  return (
    <Select<string>
      {...rest}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      loading={languages.isFetching}
      options={options}
    />
  );
}
