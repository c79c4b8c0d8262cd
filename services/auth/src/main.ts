import { createLogger, installGracefulShutdown, loadConfigOrExit } from '@boardsync/kit';
import { authConfigSchema } from './config.ts';
import { startAuth } from './start.ts';

const config = loadConfigOrExit(authConfigSchema);
const logger = createLogger({ service: 'auth', level: config.LOG_LEVEL });
const auth = await startAuth(config, logger);
installGracefulShutdown(auth.parts, logger);
