# One image for every service of the product: docker-compose.yml runs it once per service with a
# different command (npm run start:web | command-api | query-api | projectors | worker | relay).
# Node 24 runs the TypeScript sources directly (type stripping), so there is no build step.
FROM node:24-slim

WORKDIR /app

# Dependencies first, exactly as locked, so a source change does not reinstall them. The dev
# dependencies are kept: esbuild transforms the storefront's .tsx at start (web/jsx-hooks.ts).
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && npm cache clean --force

COPY . .

# The embedded store's directory (unused when EVENTSTORE_URL is set) must be writable by the app user,
# and so must .cache, where a start keeps the storefront's built assets and its compiled modules for the
# next start of the container (without it, each start builds and compiles them again).
RUN mkdir -p /app/data /app/.cache && chown node:node /app/data /app/.cache
USER node

ENV HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
EXPOSE 3000

# Healthy once GET /health/ready answers 200: the demo seed finished and the views caught up with the
# store (each service alone checks what it runs; docker-compose.yml repeats this per service).
HEALTHCHECK --interval=10s --timeout=5s --start-period=300s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]

# `npm start` is the embedded, one-process mode; compose overrides the command per service.
CMD ["npm", "start"]
