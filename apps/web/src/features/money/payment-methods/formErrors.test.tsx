import { act, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import '../../../i18n';
import { applyNestedErrors, fieldPath } from './formErrors';

describe('payment methods: nested server errors', () => {
  it('strips the request prefix of a loc', () => {
    expect(fieldPath(['body', 'items', 0, 'fields', 1, 'pattern'])).toEqual(['fields', 1, 'pattern']);
    expect(fieldPath(['body', 'items', 3, 'values', 'iban'])).toEqual(['values', 'iban']);
    expect(fieldPath(['body', 'data', 'baseCurrency'])).toEqual(['baseCurrency']);
    expect(fieldPath(['querystring', 'from'])).toEqual(['querystring', 'from']);
  });

  it('puts each error on its nested field and answers what has no field', async () => {
    let form!: FormInstance;
    function Screen() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f} initialValues={{ title: 'Wire', fields: [{ name: 'iban', pattern: '' }], values: { iban: '' } }}>
          <Form.Item name="title">
            <Input />
          </Form.Item>
          <Form.Item name={['fields', 0, 'pattern']}>
            <Input />
          </Form.Item>
          <Form.Item name={['values', 'iban']}>
            <Input />
          </Form.Item>
        </Form>
      );
    }
    render(<Screen />);
    const error = new ApiError(400, 'Validation failed', [
      { msg: 'unique', type: 'unique', loc: ['body', 'items', 0, 'title'] },
      { msg: 'pattern', type: 'pattern', loc: ['body', 'items', 0, 'fields', 0, 'pattern'] },
      { msg: 'required', type: 'required', loc: ['body', 'items', 0, 'values', 'iban'] },
      { msg: 'Unknown currency JPY', type: 'notFound', loc: ['body', 'items', 0, 'currencies', 1] },
    ]);
    let rest: string[] = [];
    act(() => {
      rest = applyNestedErrors(form, error);
    });
    expect(rest).toEqual(['Unknown currency JPY']);
    expect(form.getFieldError('title')).toEqual(['This value is already in use']);
    expect(form.getFieldError(['fields', 0, 'pattern'])).toEqual(['The value has an invalid format']);
    expect(form.getFieldError(['values', 'iban'])).toEqual(['This field is required']);
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });

  it('a failure without field errors answers its message', () => {
    let form!: FormInstance;
    function Screen() {
      const [f] = Form.useForm();
      form = f;
      return <Form form={f} />;
    }
    render(<Screen />);
    expect(applyNestedErrors(form, new ApiError(422, 'The base currency cannot be deactivated'))).toEqual([
      'The base currency cannot be deactivated',
    ]);
    expect(applyNestedErrors(form, new Error('not an API error'))).toEqual([]);
  });
});
