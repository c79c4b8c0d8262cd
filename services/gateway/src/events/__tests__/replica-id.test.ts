import { hostname } from 'node:os';
import { describe, expect, it } from '@jest/globals';
import { HeldRequests } from '../../proxy/held-requests.ts';
import { Introspector } from '../../introspection/introspector.ts';
import { planChangeConsumer } from '../plan-changes.ts';
import { replicaIdentity } from '../replica-id.ts';
import { revocationConsumer } from '../revocations.ts';

describe('replicaIdentity', () => {
  it('takes REPLICA_ID first, then HOSTNAME (the pod name), then the OS host name', () => {
    expect(replicaIdentity('gw-a', { HOSTNAME: 'pod-1' })).toBe('gw-a');
    expect(replicaIdentity(undefined, { HOSTNAME: 'pod-1' })).toBe('pod-1');
    expect(replicaIdentity(undefined, { HOSTNAME: '' })).toBe(hostname());
    expect(replicaIdentity(undefined, {})).toBe(hostname());
  });

  it('is the same on every start, so the groups it names are the same', () => {
    const introspector = new Introspector({ authUrl: 'http://127.0.0.1:9', clientId: 'gateway', clientSecret: 's'.repeat(32) });
    const first = [
      revocationConsumer(introspector, new HeldRequests(), replicaIdentity(undefined, { HOSTNAME: 'pod-1' })),
      planChangeConsumer(introspector, replicaIdentity(undefined, { HOSTNAME: 'pod-1' })),
    ];
    const again = [
      revocationConsumer(introspector, new HeldRequests(), replicaIdentity(undefined, { HOSTNAME: 'pod-1' })),
      planChangeConsumer(introspector, replicaIdentity(undefined, { HOSTNAME: 'pod-1' })),
    ];
    expect(first.map((consumer) => consumer.groupId)).toEqual(['gateway-revocations-pod-1', 'gateway-plan-changes-pod-1']);
    expect(again.map((consumer) => consumer.groupId)).toEqual(first.map((consumer) => consumer.groupId));
  });
});
