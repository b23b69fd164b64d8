/**
 * The target-URL settings form: switching the mode shows or hides the fixed URL, the URL is checked (required, http,
 * click-time macros only, naming the unknown one), macro chips insert at the cursor, parameter rows are checked
 * (name characters, duplicates, value macros), and what is sent drops the URL in landers mode.
 */
import {
  CLICK_MACROS_CATALOGUE,
  DEFAULT_TARGET_URL_SETTINGS,
  SUB_PARAMS,
  TARGET_URL_MODES,
  TARGET_URL_PARAMS_MAX,
  type TargetUrlOptions,
} from '@leadgrid/shared/inventory/campaigns';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { targetUrlPayload, valuesOf, type CampaignValues } from './model';
import { TargetUrlFields } from './TargetUrlFields';

const OPTIONS: TargetUrlOptions = {
  modes: [...TARGET_URL_MODES],
  macros: CLICK_MACROS_CATALOGUE.map((m) => ({ name: m.name, group: m.group, description: m.description })),
  subParams: [...SUB_PARAMS],
  paramsMax: TARGET_URL_PARAMS_MAX,
  defaults: DEFAULT_TARGET_URL_SETTINGS,
};

const SLOW = { timeout: 10_000 };

function Harness({ onFinish, initial }: { onFinish: (v: CampaignValues) => void; initial?: Partial<CampaignValues['targetUrlSettings']> }) {
  const [form] = Form.useForm<CampaignValues>();
  const start = valuesOf(null);
  return (
    <AntApp>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...start, targetUrlSettings: { ...start.targetUrlSettings, ...initial } }}
        onFinish={() => onFinish(form.getFieldsValue(true) as CampaignValues)}
      >
        <TargetUrlFields options={OPTIONS} />
        <button type="submit" data-testid="submit">
          submit
        </button>
      </Form>
    </AntApp>
  );
}

const itemOf = (el: HTMLElement) => el.closest('.ant-form-item') as HTMLElement;
const chooseMode = (label: string) => fireEvent.click(within(screen.getByTestId('target-mode')).getByText(label));

describe('TargetUrlFields', () => {
  it('switches between the landers and a fixed URL, and sends no URL in landers mode', async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} />);
    expect(screen.queryByTestId('target-url')).toBeNull();
    // chips have nowhere to go yet
    expect((screen.getByTestId('macro-click_id') as HTMLButtonElement).disabled).toBe(true);

    chooseMode('A fixed URL');
    const url = await screen.findByTestId('target-url', undefined, SLOW);
    fireEvent.click(screen.getByTestId('submit'));
    expect(await within(itemOf(url)).findByText('This field is required', undefined, SLOW)).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();

    fireEvent.change(url, { target: { value: 'https://brand.test/go' } });
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1), SLOW);
    expect(targetUrlPayload(onFinish.mock.calls[0][0].targetUrlSettings)).toMatchObject({ mode: 'url', url: 'https://brand.test/go' });

    chooseMode('The offer’s landers');
    await waitFor(() => expect(screen.queryByTestId('target-url')).toBeNull(), SLOW);
    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(2), SLOW);
    expect(targetUrlPayload(onFinish.mock.calls[1][0].targetUrlSettings)).toMatchObject({ mode: 'landers', url: null });
  });

  it('checks the URL: http(s) only, and names a macro the click does not know', async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} initial={{ mode: 'url' }} />);
    const url = await screen.findByTestId('target-url', undefined, SLOW);
    fireEvent.change(url, { target: { value: 'ftp://brand.test' } });
    expect(await within(itemOf(url)).findByText('Enter a URL starting with http:// or https://', undefined, SLOW)).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://brand.test/?p={payout}' } });
    expect(await within(itemOf(url)).findByText('Unknown macro payout: use one of the macros below', undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByTestId('submit'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('inserts a macro chip where the cursor is', async () => {
    render(<Harness onFinish={vi.fn()} initial={{ mode: 'url', url: 'https://brand.test/?a=&b=2' }} />);
    const url = (await screen.findByTestId('target-url', undefined, SLOW)) as HTMLInputElement;
    act(() => {
      url.focus();
      url.setSelectionRange(22, 22);
    });
    fireEvent.select(url);
    fireEvent.click(screen.getByTestId('macro-click_id'));
    await waitFor(() => expect(url.value).toBe('https://brand.test/?a={click_id}&b=2'), SLOW);
    fireEvent.click(screen.getByTestId('macro-sub1'));
    await waitFor(() => expect(url.value).toBe('https://brand.test/?a={click_id}{sub1}&b=2'), SLOW);
  });

  it('checks parameter rows: name characters, duplicates, value macros; chips fill the focused value', async () => {
    const onFinish = vi.fn();
    render(<Harness onFinish={onFinish} />);
    fireEvent.click(screen.getByTestId('param-add'));
    fireEvent.click(await screen.findByTestId('param-add', undefined, SLOW));
    const name0 = await screen.findByTestId('param-name-0', undefined, SLOW);
    const name1 = await screen.findByTestId('param-name-1', undefined, SLOW);
    const value1 = screen.getByTestId('param-value-1') as HTMLInputElement;

    fireEvent.change(name0, { target: { value: 'bad name' } });
    expect(await within(itemOf(name0)).findByText('Latin letters, digits, “_”, “.”, “-” and brackets only', undefined, SLOW)).toBeTruthy();
    fireEvent.change(name0, { target: { value: 'src' } });
    fireEvent.change(name1, { target: { value: 'src' } });
    expect(await within(itemOf(name1)).findByText('This value is already in use', undefined, SLOW)).toBeTruthy();
    fireEvent.change(name1, { target: { value: 'rev' } });

    fireEvent.change(value1, { target: { value: '{revenue}' } });
    expect(await within(itemOf(value1)).findByText('Unknown macro revenue: use one of the macros below', undefined, SLOW)).toBeTruthy();
    fireEvent.change(value1, { target: { value: 'x_' } });
    fireEvent.focus(value1);
    expect(screen.getByText('Insert a macro into: value of “rev”')).toBeTruthy();
    fireEvent.click(screen.getByTestId('macro-affiliate_id'));
    await waitFor(() => expect(value1.value).toBe('x_{affiliate_id}'), SLOW);

    fireEvent.click(screen.getByTestId('submit'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1), SLOW);
    expect(targetUrlPayload(onFinish.mock.calls[0][0].targetUrlSettings).params).toEqual([
      { name: 'src', value: '' },
      { name: 'rev', value: 'x_{affiliate_id}' },
    ]);
  });
});
