// The environment of one process of a deployment on one host (figure 13): the services share the
// node:sqlite event file of one DATA_DIR (EVENT_FEED=store: the projectors and the worker follow the
// file), and the state a service alone cannot keep in its own memory in the engines main.ts requires
// for it (views in MONGO_URL, cache, queue, realtime and the append notices in REDIS_URL), under a
// namespace of the run's own. Production mode, as the bench's other servers.
export interface DeploymentEnvOptions {
  dataDir: string;
  /** Names this run's Redis keys, pub/sub channel and Mongo database. */
  namespace: string;
  redisUrl: string;
  mongoUrl: string;
  jwtSecret: string;
}

/** Engine URLs that would move a port off the shared file or add a feed: never taken from the caller's environment. */
const DROPPED = ['EVENTSTORE_URL', 'KAFKA_BROKERS', 'API_BASE_URL', 'COMMAND_API_URL', 'QUERY_API_URL', 'VIEW_STORE', 'PORT', 'LOCAL_PREVIEW', 'SEED_DEMO'];

export function deploymentEnv(base: Record<string, string | undefined>, options: DeploymentEnvOptions): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...base };
  for (const name of DROPPED) delete env[name];
  return {
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: options.dataDir,
    EVENT_FEED: 'store',
    REDIS_URL: options.redisUrl,
    MONGO_URL: options.mongoUrl,
    MONGO_DB: options.namespace,
    NAMESPACE: options.namespace,
    JWT_SECRET: options.jwtSecret,
    // Production refuses to start a command API without a mail server: the bench registers nobody
    // (users are seeded as events), so a closed port stands in and no mail is ever sent.
    SMTP_URL: 'smtp://127.0.0.1:9',
    PUBLIC_URL: 'https://bench.habama.example',
    SEED_DEMO: 'false',
  };
}
