# Verso: the server (and, with another command, a worker) in one image.
# Not built on the machines Verso is developed on (they run no Docker engine): a test parses
# this file and compose.yaml and checks them against the README (apps/server/test/containers.test.ts).

# ---- build: install the workspace with the pinned pnpm and build every package --------------
FROM node:20-bookworm-slim AS build
# g++ (with gcc, Debian's `cc`) builds native Node modules and the libraries the engine
# preloads into the Apertium stages (packages/engine/dist/native: the stoi fast path and the
# tagger's open-class fix), copied to the runtime with the rest of /app.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
# Apertium is installed in the runtime stage; the build needs only Node packages.
RUN VERSO_SKIP_APERTIUM=1 VERSO_SKIP_TEST_TOOLS=1 node scripts/setup.mjs

# ---- runtime: Debian with Apertium and every translation pair the project lists --------------
FROM node:20-bookworm-slim AS runtime
COPY package.json /tmp/verso-package.json
RUN apt-get update \
 && apt-get install -y --no-install-recommends $(node -e "const p=require('/tmp/verso-package.json').verso.apertium; console.log([...p.packages, ...p.speedupPackages, ...p.pairs].join(' '))") \
 && rm -rf /var/lib/apt/lists/* /tmp/verso-package.json \
 && useradd --system --create-home --home-dir /home/verso --uid 10001 verso \
 && mkdir -p /data && chown verso:verso /data
WORKDIR /app
COPY --from=build --chown=verso:verso /app /app
USER verso
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
