// Hands the URLs of real engines to the suites. A suite for a real engine runs when its URL is set
// (EVENTSTORE_URL, MONGO_URL, REDIS_URL, KAFKA_BROKERS) and otherwise reports itself skipped by name.
// Testcontainers is tried only when a container runtime answers; see test/real-engines.ts.
export default async function setup(): Promise<void> {}
