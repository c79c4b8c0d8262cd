// The import boundaries of scripts/architecture/floor-plan.ts, as dependency-cruiser rules: no
// folder imports one on a floor above its own, no service imports another, a service reaches the
// kit only through its package entry points, and no module cycle. `npm run lint` runs it.
import { FLOORS, KIT_ENTRIES, SERVICE_FLOORS, floorIndex } from './scripts/architecture/floor-plan.ts';
import kitPackage from './services/kit/package.json' with { type: 'json' };

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const under = (service, entries) => `^services/${service}/src/(${entries.map(escape).join('|')})($|/)`;

/** Each service's folders on floors below `floor` may not import those on `floor` or above. */
function floorRules() {
  const rules = [];
  for (const [service, entries] of Object.entries(SERVICE_FLOORS)) {
    for (const floor of FLOORS) {
      const here = Object.keys(entries).filter((entry) => entries[entry] === floor);
      const above = Object.keys(entries).filter((entry) => floorIndex(entries[entry]) > floorIndex(floor));
      if (here.length === 0 || above.length === 0) continue;
      rules.push({
        name: `${service}: ${floor} imports nothing above it`,
        comment: `scripts/architecture/floor-plan.ts: ${here.join(', ')} (${floor}) may not import ${above.join(', ')}`,
        severity: 'error',
        from: { path: under(service, here) },
        to: { path: under(service, above) },
      });
    }
  }
  return rules;
}

/** The kit's entry points a floor may not use yet (`KIT_ENTRIES`: the lowest floor that may). */
function kitEntryRules() {
  const rules = [];
  for (const [specifier, lowest] of Object.entries(KIT_ENTRIES)) {
    const target = kitPackage.exports[specifier.replace('@boardsync/kit', '.')];
    if (target === undefined) throw new Error(`floor-plan.ts names ${specifier}, which services/kit/package.json does not export`);
    for (const [service, entries] of Object.entries(SERVICE_FLOORS)) {
      const lower = Object.keys(entries).filter((entry) => floorIndex(entries[entry]) < floorIndex(lowest));
      if (lower.length === 0) continue;
      rules.push({
        name: `${service}: ${specifier} from ${lowest} up`,
        comment: `scripts/architecture/floor-plan.ts: ${lower.join(', ')} may not import ${specifier}`,
        severity: 'error',
        from: { path: under(service, lower) },
        to: { path: `^services/kit/${escape(target.replace(/^\.\//, ''))}$` },
      });
    }
  }
  return rules;
}

export default {
  forbidden: [
    ...floorRules(),
    ...kitEntryRules(),
    {
      name: 'no service imports another',
      comment: 'services talk over HTTP and Kafka; what they share is in services/kit',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/[^/]+/', pathNot: ['^services/$1/', '^services/kit/'] },
    },
    {
      name: 'the kit through its entry points only',
      comment: 'services/kit/package.json `exports` is the kit’s public surface; a relative path into its src/ is not',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/', pathNot: '^services/kit/' },
      to: { path: '^services/kit/src/', dependencyTypes: ['local'] },
    },
    {
      name: 'the kit imports no service',
      severity: 'error',
      from: { path: '^services/kit/src/' },
      to: { path: '^services/(?!kit/)[^/]+/' },
    },
    {
      name: 'no cycle',
      severity: 'error',
      from: { path: '^services/[^/]+/src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(__tests__|/test/|/proto/)' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'], extensions: ['.ts', '.js'] },
  },
};
