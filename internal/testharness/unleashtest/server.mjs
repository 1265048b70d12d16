// Runs unleash-server (5.x to 8.x) for the tests of flagadmin. Written by
// internal/testharness/unleashtest, which sets every FA_* variable read below
// (FA_CLIENT_TOKEN and FA_CLIENT_TOKEN_TYPE are optional). It listens on
// 127.0.0.1 only and never calls out (no version check, no telemetry).
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const env = process.env;
const entry = path.join(env.FA_APP_DIR, 'node_modules', 'unleash-server', 'dist', 'lib', 'server-impl.js');
const mod = await import(pathToFileURL(entry).href);
// unleash-server before 7 is CommonJS: its exports may be on .default only.
const start = mod.start ?? mod.default?.start;
const LogLevel = mod.LogLevel ?? mod.default?.LogLevel;

const port = Number(env.FA_PORT);
const initApiTokens = [
    {
        environment: '*',
        projects: ['*'],
        secret: env.FA_ADMIN_TOKEN,
        type: 'admin',
        tokenName: 'flagadmin-tests-admin',
    },
];
if (env.FA_CLIENT_TOKEN) {
    initApiTokens.push({
        environment: 'development',
        projects: ['default'],
        secret: env.FA_CLIENT_TOKEN,
        type: env.FA_CLIENT_TOKEN_TYPE,
        tokenName: 'flagadmin-tests-client',
    });
}
try {
    await start({
        db: {
            host: '127.0.0.1',
            port: Number(env.FA_DB_PORT),
            user: env.FA_DB_USER,
            password: env.FA_DB_PASSWORD,
            database: env.FA_DB_NAME,
            ssl: false,
            applicationName: 'flagadmin-unleashtest',
            pool: { min: 0, max: 8 },
        },
        server: {
            host: '127.0.0.1',
            port,
            unleashUrl: env.FA_PUBLIC_URL || `http://127.0.0.1:${port}`,
            enableRequestLogger: false,
            gracefulShutdownEnable: true,
        },
        logLevel: LogLevel[env.FA_LOG_LEVEL || 'warn'],
        enableOAS: true,
        versionCheck: { enable: false },
        authentication: {
            type: 'open-source',
            enableApiToken: true,
            createAdminUser: true,
            initialAdminUser: { username: env.FA_ADMIN_USER, password: env.FA_ADMIN_PASSWORD },
            initApiTokens,
        },
    });
    console.log('unleashtest: listening on 127.0.0.1:' + port);
} catch (error) {
    console.error(error);
    process.exit(1);
}
