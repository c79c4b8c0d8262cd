import { parseArgs } from 'node:util';
import { AdminApiError, callAdmin } from './admin-client.ts';
import { PasswordInputError, passwordInput } from './password-input.ts';

const USAGE = `usage: boardsync-admin <command> [options]   (every command prints JSON)

  designer create --name N --email E [--password-stdin] [--storage-limit-bytes B] [--unlocked-limit N|none]
                                     the password is typed at a prompt, or piped in with --password-stdin
  designer set-plan --designer ID [--storage-limit-bytes B] [--unlocked-limit N|none]
  designer show --designer ID
  token create --designer ID --scopes "projects:read components:write" [--name N]
  token create --designer ID --no-scopes [--name N]   (a token that reaches nothing, not even /me)
  token revoke --id ID
  app create --designer ID --name N --redirect-uri URI [--redirect-uri URI2 …] [--public] [--reviewed]
  app review --client-id C [--unreviewed]
  app delete --client-id C           every designer's grants revoked (their webhooks stop), then the app deleted
  project lock --project ID          project unlock --project ID
  mask create --designer ID --kind card|token --name N [--aspect 5:7]
  webhook secrets                    how many signing secrets are not yet under the first key
  webhook reseal [--bind-unbound]    reseal them now (every pod also does, every minute); --bind-unbound
                                     once binds the v1 and bare values left to the rows they are on
  webhook list --designer ID         every webhook on an account, whichever app or token registered it, with its state
  webhook delete --id ID             delete one (its queued deliveries go with it)

environment: BOARDSYNC_ADMIN_URL: auth's admin API, BOARDSYNC_CATALOG_ADMIN_URL: the catalog's,
             BOARDSYNC_WEBHOOK_ADMIN_URL: the webhook service's, BOARDSYNC_ADMIN_TOKEN for all; by
             default each is read from the local system's data folder (DATA_DIR or CLUSTER_DATA_DIR,
             else whichever of .data/ (npm start) and .data-cluster/ (npm run start:cluster) was
             started last): admin-url, catalog-admin-url, webhook-admin-url, admin-token; without
             them http://127.0.0.1:9081, :9082 and :9084, the internal listeners`;

class UsageError extends Error {}

const options = {
  name: { type: 'string' },
  email: { type: 'string' },
  // Refused with a reason: see `designer create`.
  password: { type: 'string' },
  'password-stdin': { type: 'boolean' },
  designer: { type: 'string' },
  id: { type: 'string' },
  scopes: { type: 'string' },
  'no-scopes': { type: 'boolean' },
  'storage-limit-bytes': { type: 'string' },
  'unlocked-limit': { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'client-id': { type: 'string' },
  project: { type: 'string' },
  kind: { type: 'string' },
  aspect: { type: 'string' },
  public: { type: 'boolean' },
  reviewed: { type: 'boolean' },
  unreviewed: { type: 'boolean' },
  'bind-unbound': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function wholeNumber(value: string, flag: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new UsageError(`--${flag} must be a whole number`);
  return number;
}

/** An empty --scopes is refused, so a token that reaches nothing is always asked for by name. */
function tokenScopes(values: Values): string {
  if (values['no-scopes'] === true) {
    if (values.scopes !== undefined) throw new UsageError('--scopes and --no-scopes exclude each other');
    return '';
  }
  if (values.scopes === undefined || values.scopes.trim() === '')
    throw new UsageError('--scopes is required (or --no-scopes for a token that reaches nothing)');
  return values.scopes;
}

function planOptions(values: Values): Record<string, number | null> {
  const plan: Record<string, number | null> = {};
  const storage = values['storage-limit-bytes'];
  const unlocked = values['unlocked-limit'];
  if (storage !== undefined) plan.storage_limit_bytes = wholeNumber(storage, 'storage-limit-bytes');
  if (unlocked !== undefined) plan.unlocked_limit = unlocked === 'none' ? null : wholeNumber(unlocked, 'unlocked-limit');
  return plan;
}

async function run(argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const command = positionals.join(' ');
  if (values.help || command === '') throw new UsageError('');
  switch (command) {
    case 'designer create': {
      if (values.password !== undefined) {
        throw new UsageError(
          '--password is not taken: a password on the command line stays in shell history and `ps`; type it at the prompt, or pipe it in with --password-stdin',
        );
      }
      const name = required(values, 'name');
      const email = required(values, 'email');
      const plan = planOptions(values);
      return callAdmin('POST', '/designers', { name, email, password: await passwordInput(values['password-stdin'] === true), ...plan });
    }
    case 'designer set-plan':
      return callAdmin('PATCH', `/designers/${wholeNumber(required(values, 'designer'), 'designer')}/plan`, planOptions(values));
    case 'designer show':
      return callAdmin('GET', `/designers/${wholeNumber(required(values, 'designer'), 'designer')}`);
    case 'token create':
      return callAdmin('POST', '/tokens', {
        designer_id: wholeNumber(required(values, 'designer'), 'designer'),
        scopes: tokenScopes(values),
        ...(values.name ? { name: values.name } : {}),
      });
    case 'token revoke':
      return callAdmin('DELETE', `/tokens/${wholeNumber(required(values, 'id'), 'id')}`);
    case 'app create': {
      const redirectUris = values['redirect-uri'] ?? [];
      if (redirectUris.length === 0) throw new UsageError('--redirect-uri is required');
      return callAdmin('POST', '/apps', {
        designer_id: wholeNumber(required(values, 'designer'), 'designer'),
        name: required(values, 'name'),
        redirect_uris: redirectUris,
        public: values.public === true,
        reviewed: values.reviewed === true,
      });
    }
    case 'app delete':
      return callAdmin('DELETE', `/apps/${encodeURIComponent(required(values, 'client-id'))}`);
    case 'app review':
      return callAdmin('PATCH', `/apps/${encodeURIComponent(required(values, 'client-id'))}`, { reviewed: values.unreviewed !== true });
    case 'project lock':
    case 'project unlock':
      return callAdmin('POST', `/projects/${wholeNumber(required(values, 'project'), 'project')}/${positionals[1] ?? ''}`, undefined, 'catalog');
    case 'mask create': {
      const kind = required(values, 'kind');
      if (kind !== 'card' && kind !== 'token') throw new UsageError('--kind must be card or token');
      return callAdmin(
        'POST',
        '/masks',
        {
          designer_id: wholeNumber(required(values, 'designer'), 'designer'),
          kind,
          name: required(values, 'name'),
          ...(values.aspect ? { aspect: values.aspect } : {}),
        },
        'catalog',
      );
    }
    case 'webhook secrets':
      return callAdmin('GET', '/secrets', undefined, 'webhook');
    case 'webhook reseal':
      return callAdmin('POST', `/secrets/reseal${values['bind-unbound'] === true ? '?bind_unbound=true' : ''}`, undefined, 'webhook');
    case 'webhook list':
      return callAdmin('GET', `/webhooks?designer=${wholeNumber(required(values, 'designer'), 'designer')}`, undefined, 'webhook');
    case 'webhook delete':
      return callAdmin('DELETE', `/webhooks/${wholeNumber(required(values, 'id'), 'id')}`, undefined, 'webhook');
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

try {
  const result = await run(process.argv.slice(2));
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} catch (error) {
  if (
    error instanceof UsageError ||
    error instanceof PasswordInputError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    process.stderr.write(`${error.message ? `${error.message}\n\n` : ''}${USAGE}\n`);
    process.exitCode = 2;
  } else if (error instanceof AdminApiError) {
    process.stderr.write(`${JSON.stringify({ error: error.message, response: error.body }, null, 2)}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
