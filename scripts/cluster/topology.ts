import { freePort } from '@boardsync/kit/testing';
import { RoundRobinBalancer } from './balancer.ts';
import { SERVICES, type Listeners, type Service } from './service-env.ts';

/** Where each replica listens, and where its peers reach the service: the one replica itself, or a balancer in front of several. */
export interface Topology {
  replicas: Record<Service, Listeners[]>;
  reachedAt: Record<Service, Listeners>;
  balancers: RoundRobinBalancer[];
}

/** The public ports `npm start` uses too: the gateway's, then auth, catalog, asset and webhook after it. */
const OFFSET: Record<Service, number> = { gateway: 0, auth: 1, catalog: 2, asset: 3, webhook: 4 };

/**
 * One replica listens on its service's well-known public port itself; several listen on free
 * ports behind a round-robin balancer on it (and another on a free internal port), as pods behind
 * a Kubernetes Service. The gateway's public port is what a person opens.
 */
export async function layOut(replicaCounts: Record<Service, number>, gatewayPort: number, host: string): Promise<Topology> {
  const replicas = {} as Record<Service, Listeners[]>;
  const reachedAt = {} as Record<Service, Listeners>;
  const balancers: RoundRobinBalancer[] = [];
  // The well-known ports are bound only as each service starts; a free port picked before then must not be one of them.
  const wellKnownPorts = new Set(SERVICES.map((service) => gatewayPort + OFFSET[service]));
  const otherFreePort = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (!wellKnownPorts.has(port)) return port;
    }
  };
  for (const service of SERVICES) {
    const wellKnown = gatewayPort + OFFSET[service];
    const count = replicaCounts[service];
    if (count === 1) {
      const only = { port: wellKnown, internalPort: await otherFreePort() };
      replicas[service] = [only];
      reachedAt[service] = only;
      continue;
    }
    replicas[service] = [];
    for (let index = 0; index < count; index += 1) replicas[service].push({ port: await otherFreePort(), internalPort: await otherFreePort() });
    const publicBalancer = new RoundRobinBalancer(replicas[service].map((listeners) => listeners.port));
    const internalBalancer = new RoundRobinBalancer(replicas[service].map((listeners) => listeners.internalPort));
    balancers.push(publicBalancer, internalBalancer);
    reachedAt[service] = {
      port: await publicBalancer.listen(wellKnown, service === 'gateway' ? host : '127.0.0.1'),
      internalPort: await internalBalancer.listen(0),
    };
  }
  return { replicas, reachedAt, balancers };
}
