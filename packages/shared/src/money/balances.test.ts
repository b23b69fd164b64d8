import { describe, expect, it } from 'vitest';
import { allocateAdvance } from './balances';

const view = (m: Map<number, { left: string; hold: string }>) => Object.fromEntries(m);

describe('allocateAdvance', () => {
  it('spends the oldest advance first, then covers approved revenue, then revenue on hold', () => {
    // advances of 100 and 50; 120 already applied to invoices: the first is spent, 30 left of the second
    const out = allocateAdvance(
      [
        { id: 1, amount: '100' },
        { id: 2, amount: '50' },
      ],
      '30',
      '10',
      '15',
    );
    expect(view(out)).toEqual({ 1: { left: '0', hold: '0' }, 2: { left: '30', hold: '15' } });
  });

  it('splits the revenue on hold over the advances left, oldest first', () => {
    const out = allocateAdvance(
      [
        { id: 1, amount: '40' },
        { id: 2, amount: '60' },
      ],
      '100',
      '30',
      '50',
    );
    // approved takes 30 of the first (10 left, all on hold), the second covers the other 40 on hold
    expect(view(out)).toEqual({ 1: { left: '40', hold: '10' }, 2: { left: '60', hold: '40' } });
  });

  it('covers nothing on hold when there is no hold or the approved revenue takes it all', () => {
    expect(view(allocateAdvance([{ id: 1, amount: '40' }], '40', '0', '0'))).toEqual({ 1: { left: '40', hold: '0' } });
    expect(view(allocateAdvance([{ id: 1, amount: '40' }], '40', '45', '20'))).toEqual({ 1: { left: '40', hold: '0' } });
    // a negative approved figure (a clawback not yet carried) does not enlarge the advance
    expect(view(allocateAdvance([{ id: 1, amount: '40' }], '40', '-20', '60'))).toEqual({ 1: { left: '40', hold: '40' } });
  });

  it('keeps 8 decimals without floats', () => {
    const out = allocateAdvance([{ id: 1, amount: '0.3' }], '0.3', '0.1', '0.2');
    expect(out.get(1)).toEqual({ left: '0.3', hold: '0.2' });
  });
});
