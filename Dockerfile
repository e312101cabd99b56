# syntax=docker/dockerfile:1
# The export service of the interface document in a container: the example site,
# built with this plugin, served by `docusaurus-export-pdf serve` with the site on
# 3000, the API on 3001 and the PDFs in /app/docs (a host directory mounted there).
#   docker compose up --build
# To serve your own site instead, see docs/container.md.

FROM node:20-bookworm-slim AS build
# docs-to-pdf depends on puppeteer, whose install script would download a browser.
ENV PUPPETEER_SKIP_DOWNLOAD=true
WORKDIR /app/repo
COPY package.json package-lock.json ./
COPY example-site/package.json example-site/
RUN npm ci --no-audit --no-fund
COPY . .
# The build carries the plugin's manifest, so it is served from wherever it is
# copied: the runtime stage gets the build alone, none of the site's sources.
RUN npm run build:package \
 && npm run build --workspace example-site \
 && mkdir -p /app/site \
 && cp -R example-site/build /app/site/build
# What `serve` needs: the compiled package and its runtime dependencies at the
# lockfile's versions; no Docusaurus, React, TypeScript or test tools. The image
# also scales out (compose.scale.yaml) and takes EXPORT_ENGINE, so the optional
# peers that REDIS_URL, STORE_URL and the docs-to-pdf engine load become
# dependencies here.
RUN mkdir /app/export-pdf \
 && cp -R package.json package-lock.json bin lib /app/export-pdf/ \
 && cd /app/export-pdf \
 && node -e "const fs = require('fs'); const p = require('./package.json'); for (const name of Object.keys(p.peerDependenciesMeta)) if (!name.startsWith('@docusaurus/')) p.dependencies[name] = p.peerDependencies[name]; fs.writeFileSync('package.json', JSON.stringify(p, null, 2))" \
 && npm pkg delete workspaces devDependencies scripts peerDependencies peerDependenciesMeta \
 && npm install --omit=dev --omit=peer --ignore-scripts --prefer-offline --no-audit --no-fund

FROM node:20-bookworm-slim
# Chromium's headless shell from Debian (the same engine as the chromium package,
# without the desktop browser: the same PDFs in a quarter less memory), fonts for the PDFs' text (the slim image has none; Noto
# covers emoji, Chinese, Japanese, Korean and the other scripts, which would
# otherwise print as boxes), and
# tini. tini is the ENTRYPOINT rather than compose's `init: true` so that every
# way of running the image (docker run, compose, Kubernetes) gets an init: the
# server kills Chromium's process tree at a deadline or a crash, and the orphans
# must be reaped by PID 1, which node is not written to do.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium-headless-shell fonts-liberation fonts-dejavu-core \
      fonts-noto-color-emoji fonts-noto-core fonts-wqy-microhei fonts-morisawa-bizud-gothic fonts-nanum tini \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/export-pdf /app/export-pdf
COPY --from=build /app/site /app/site
RUN ln -s /app/export-pdf/bin/docusaurus-export-pdf.js /usr/local/bin/docusaurus-export-pdf \
 && mkdir /app/docs \
 && chown node:node /app/docs
# Chromium's sandbox needs user namespaces, which Docker's default seccomp profile
# denies to a non-root user, so Chromium would not start. It runs without its
# sandbox, fenced by the container instead: a non-root user with no capabilities
# (compose.yaml), printing only this site. With a seccomp profile that allows user
# namespaces, set CHROMIUM_NO_SANDBOX=0 to have both.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DOCSITE_PORT=3000 \
    API_PORT=3001 \
    DOCS_PATH=/app/docs \
    PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium-headless-shell \
    PUPPETEER_SKIP_DOWNLOAD=true \
    CHROMIUM_NO_SANDBOX=1
WORKDIR /app
USER node
EXPOSE 3000 3001
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.API_PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["docusaurus-export-pdf", "serve", "/app/site"]
