/** The block panel: blocking asks for a type and a reason; a refused unblock (blocked team) stays on screen with the way to the team. */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import '../../i18n';
import { SessionContext, type SessionValue } from '../../app/session';
import { BlockPanel, type BlockState } from './BlockPanel';

vi.mock('../../api/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const session = { timezone: 'UTC' } as SessionValue;
const STATE: BlockState = {
  trafficBlocked: true,
  trafficBlockedAt: 1_790_000_000,
  accessBlocked: false,
  reason: 'Bot traffic',
  ownTraffic: true,
  ownAccess: false,
  team: { id: 4, title: 'Nutra buyers', traffic: true, access: false },
};

function renderPanel(props: Partial<Parameters<typeof BlockPanel>[0]> = {}) {
  const onBlock = vi.fn(async () => undefined);
  const onUnblock = vi.fn(async () => undefined);
  render(
    <MemoryRouter>
      <SessionContext.Provider value={session}>
        <AntApp>
          <BlockPanel kind="affiliate" canWrite state={STATE} onBlock={onBlock} onUnblock={onUnblock} {...props} />
        </AntApp>
      </SessionContext.Provider>
    </MemoryRouter>,
  );
  return { onBlock, onUnblock };
}

afterEach(() => vi.clearAllMocks());

describe('BlockPanel', () => {
  it('shows the blocks, the reason and that the team blocks too', () => {
    renderPanel();
    expect(screen.getByTestId('traffic-state').textContent).toBe('Blocked');
    expect(screen.getByTestId('access-state').textContent).toBe('Open');
    expect(screen.getByTestId('block-reason').textContent).toBe('Bot traffic');
    expect(screen.getAllByTestId('blocked-team-link')[0].getAttribute('href')).toBe('/affiliates/teams/4');
  });

  it('keeps the refusal of an unblock in the panel, with a link to the blocked team', async () => {
    const refusal = new ApiError(
      409,
      'The affiliate is in the blocked team "Nutra buyers". Remove it from the team or unblock the team first',
      [
        {
          msg: 'The affiliate is in the blocked team "Nutra buyers". Remove it from the team or unblock the team first',
          type: 'blockedTeam',
          loc: ['body', 'items', 0, 'action'],
        },
      ],
    );
    const onUnblock = vi.fn(async () => {
      throw refusal;
    });
    renderPanel({ onUnblock });
    fireEvent.click(screen.getByTestId('unblock-traffic'));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unblock traffic' }));
    await waitFor(() => expect(onUnblock).toHaveBeenCalledWith('traffic'));
    expect((await screen.findByTestId('unblock-refusal')).textContent).toContain('blocked team "Nutra buyers"');
    expect(screen.getByTestId('refusal-team-link').getAttribute('href')).toBe('/affiliates/teams/4');
  });

  it('asks for a reason before blocking', async () => {
    const { onBlock } = renderPanel();
    fireEvent.click(screen.getByTestId('block-open'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(onBlock).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: '  Chargebacks  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onBlock).toHaveBeenCalledWith({ blockType: 'traffic', reason: 'Chargebacks' }));
  });
});
