import { parseArgs } from 'node:util';
import { serveUntilParentSaysStop } from '../server-process.ts';
import type { ServiceName } from '../../main.ts';
import { deploymentEnv, type DeploymentEnvOptions } from '../load/deployment-env.ts';

// One process of a deployment on one host (figure 13): `startMarketplace({ services })` of main.ts, what
// `node main.ts <services>` runs, with the environment the parent made (bench/load/deployment-env.ts:
// the shared event file, the engines a service alone needs). Announces its URL; the parent waits for
// every process's /health/ready.
const { values } = parseArgs({ options: { services: { type: 'string' } } });
if (!values.services) throw new Error('--services is required, e.g. web,command-api,query-api');
if (!process.env.BENCH_DEPLOYMENT) throw new Error('BENCH_DEPLOYMENT is required (the parent sets it)');
if (process.env.NODE_ENV !== 'production') throw new Error(`the bench's services must run with NODE_ENV=production in their environment (got ${process.env.NODE_ENV})`);

const { startMarketplace, reactBuild } = await import('../../main.ts');
const services = values.services.split(',') as ServiceName[];
const marketplace = await startMarketplace({ services, port: 0, seed: false, logLevel: 'silent', env: deploymentEnv(process.env, JSON.parse(process.env.BENCH_DEPLOYMENT) as DeploymentEnvOptions) });
await serveUntilParentSaysStop(marketplace.url, () => marketplace.close(), { services, engines: marketplace.adapters.engines, reactBuild });
