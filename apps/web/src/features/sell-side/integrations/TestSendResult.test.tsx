/** The test-send result panel shows the exact request, the response and what the response mapping read from it. */
import type { TestSendResult } from '@leadgrid/shared/sell-side/integrations';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../../i18n';
import { TestSendResultView } from './TestSendCard';

const ACCEPTED: TestSendResult = {
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:4100/leads?source=lg',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ********' },
    body: '{"email":"test.lead@example.com","first_name":"Test"}',
  },
  response: {
    status: 201,
    headers: { 'content-type': 'application/json' },
    body: '{"status":"ok","data":{"id":"A-42","url":"https://brand.example.com/login?t=x"}}',
    truncated: false,
    durationMs: 37,
  },
  result: { success: true, advertiserLeadId: 'A-42', redirectUrl: 'https://brand.example.com/login?t=x', error: null },
};

describe('TestSendResultView', () => {
  it('renders the request, the response and the parsed result', () => {
    render(<TestSendResultView result={ACCEPTED} />);
    const request = screen.getByTestId('exchange-request');
    expect(within(request).getByTestId('request-method').textContent).toBe('POST');
    expect(within(request).getByTestId('request-url').textContent).toContain('http://127.0.0.1:4100/leads?source=lg');
    expect(within(request).getByText('authorization')).toBeTruthy();
    expect(within(request).getByText('Bearer ********')).toBeTruthy();
    // JSON bodies are pretty-printed
    expect(within(request).getByTestId('request-body').textContent).toBe(
      JSON.stringify({ email: 'test.lead@example.com', first_name: 'Test' }, null, 2),
    );

    const response = screen.getByTestId('exchange-response');
    expect(within(response).getByTestId('response-status').textContent).toBe('HTTP 201');
    expect(within(response).getByTestId('response-time').textContent).toBe('37 ms');
    expect(within(response).getByTestId('response-body').textContent).toContain('"id": "A-42"');

    expect(screen.getByText('The advertiser accepted the test lead')).toBeTruthy();
    expect(screen.getByTestId('result-success').textContent).toBe('Yes');
    expect(screen.getByTestId('result-lead-id').textContent).toBe('A-42');
    expect(screen.getByTestId('result-redirect-url').textContent).toBe('https://brand.example.com/login?t=x');
    expect(screen.getByTestId('result-error').textContent).toBe('—');
  });

  it('shows a refusal with its error, and an answer that never came', () => {
    render(
      <TestSendResultView
        result={{
          request: { ...ACCEPTED.request!, body: 'email=x%40example.com' },
          response: null,
          result: { success: false, advertiserLeadId: null, redirectUrl: null, error: 'The call timed out after 500 ms' },
        }}
      />,
    );
    expect(screen.getByText('The advertiser did not accept the test lead')).toBeTruthy();
    expect(screen.getByTestId('result-success').textContent).toBe('No');
    expect(screen.getByTestId('result-error').textContent).toBe('The call timed out after 500 ms');
    expect(screen.getByTestId('request-body').textContent).toBe('email=x%40example.com');
    const missing = screen.getByTestId('response-missing');
    expect(missing.textContent).toContain('No answer was received');
    expect(missing.textContent).toContain('The call timed out after 500 ms');
  });
});
