import { describe, expect, it } from '@jest/globals';
import { PeerUnavailable } from '@boardsync/kit/peer-requests';
import { httpAccountFacts } from '../account-facts.ts';

describe("/me's account facts from the services that own them", () => {
  it('names the service that could not answer, and counts an undeployed one as owning nothing', async () => {
    const facts = httpAccountFacts({ catalogUrl: 'http://127.0.0.1:9', assetUrl: undefined }, 1_000);
    const failure = await facts.projectCounts(1, 'principal').catch((error: unknown) => error);
    expect(failure instanceof PeerUnavailable && failure.service).toBe('catalog');
    expect(await facts.storageUsedBytes(1, 'principal')).toBe(0);
  });
});
