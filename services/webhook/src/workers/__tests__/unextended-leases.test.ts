import { describe, expect, it } from '@jest/globals';
import { EXTEND_AFTER_MS } from '../pacing.ts';
import { UnextendedLeases } from '../unextended-leases.ts';

const lease = (id: string) => ({ id, leasedUntil: `2026-11-26 10:00:0${id}+00` });

describe('UnextendedLeases', () => {
  it('gives out for lengthening only the leases claimed EXTEND_AFTER_MS ago or earlier, each once', () => {
    const leases = new UnextendedLeases();
    leases.add(lease('1'), 1_000);
    leases.add(lease('2'), 1_000 + EXTEND_AFTER_MS - 1);
    expect(leases.takeDue(1_000 + EXTEND_AFTER_MS - 1)).toEqual([]);
    expect(leases.takeDue(1_000 + EXTEND_AFTER_MS).map((entry) => entry.lease.id)).toEqual(['1']);
    expect(leases.takeDue(1_000 + EXTEND_AFTER_MS)).toEqual([]);
    expect(leases.takeDue(10_000).map((entry) => entry.lease)).toEqual([lease('2')]);
  });

  it('forgets a send that was answered, and takes back a failed lengthening only for sends still running', () => {
    const leases = new UnextendedLeases();
    leases.add(lease('1'), 0);
    leases.add(lease('2'), 0);
    leases.add(lease('3'), 0);
    leases.delete('3');
    const due = leases.takeDue(EXTEND_AFTER_MS);
    expect(due.map((entry) => entry.lease.id)).toEqual(['1', '2']);
    leases.putBack(due, (id) => id === '2');
    expect(leases.takeDue(EXTEND_AFTER_MS).map((entry) => entry.lease.id)).toEqual(['2']);
  });
});
