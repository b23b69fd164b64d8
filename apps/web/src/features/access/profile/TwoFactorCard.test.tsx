/** Product §5, §8: a wrong two-factor code reads 'Invalid code, please try again' on the code field. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, type ApiCall } from '../../../test/api';
import { TwoFactorCard } from './TwoFactorCard';

vi.mock('../../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const INVALID = 'Invalid code, please try again';
const invalidCode = () =>
  json({ statusCode: 400, message: INVALID, errors: [{ msg: INVALID, type: 'twoFactor', loc: ['body', 'code'] }] }, 400);
const QR = 'data:image/png;base64,iVBORw0KGgo=';

let calls: ApiCall[];
let answer: (call: ApiCall) => Response;

beforeEach(() => {
  answer = (call) => {
    if (call.url.endsWith('/auth/2fa/setup'))
      return json({ data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: QR } });
    return invalidCode();
  };
  calls = mockApi((call) => answer(call));
});

const renderCard = (enabled: boolean, onChanged = vi.fn()) => {
  render(
    <AntApp>
      <TwoFactorCard enabled={enabled} onChanged={onChanged} />
    </AntApp>,
  );
  return onChanged;
};

/** types the code into the six cells of the code field */
const typeCode = (code: string) => {
  const cells = within(screen.getByTestId('two-factor-form')).getAllByRole('textbox');
  code.split('').forEach((digit, i) => fireEvent.input(cells[i], { target: { value: digit } }));
};

const codeError = () => screen.getByTestId('two-factor-form').querySelector('.ant-form-item-explain-error')?.textContent;

describe('two-factor authentication', () => {
  it('shows the QR code and the secret, then the server refusal of a wrong code on the code field', async () => {
    const onChanged = renderCard(false);
    fireEvent.click(screen.getByTestId('two-factor-start'));
    const qr = await screen.findByTestId('two-factor-qr');
    expect(qr.getAttribute('src')).toBe(QR);
    expect((screen.getByTestId('two-factor-secret') as HTMLInputElement).value).toBe('JBSW Y3DP EHPK 3PXP');

    typeCode('123456');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(codeError()).toBe(INVALID));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { code: '123456' } });
    expect(calls.at(-1)?.url).toMatch(/\/auth\/2fa\/enable$/);
    expect(onChanged).not.toHaveBeenCalled();
    // the set-up stays open for another try
    expect(screen.getByTestId('two-factor-qr')).toBeTruthy();
  });

  it('asks for the whole code before asking the server', async () => {
    renderCard(false);
    fireEvent.click(screen.getByTestId('two-factor-start'));
    await screen.findByTestId('two-factor-qr');
    typeCode('123');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(codeError()).toBe('Enter the 6-digit code from your app'));
    expect(calls.filter((c) => c.url.endsWith('/auth/2fa/enable'))).toHaveLength(0);
  });

  it('shows a wrong code on the field when turning it off, and reports success otherwise', async () => {
    const onChanged = renderCard(true);
    fireEvent.click(screen.getByRole('button', { name: /Turn off/ }));
    typeCode('000000');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(codeError()).toBe(INVALID));
    expect(calls.at(-1)?.url).toMatch(/\/auth\/2fa\/disable$/);

    answer = () => json({ data: {}, message: 'Two-factor authentication is off' });
    typeCode('654321');
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
  });
});
