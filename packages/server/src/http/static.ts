import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE, allCalls } from '@lobby/sdk';
import { errorEnvelope } from './errors.js';
import { sendNotFound } from './error-handler.js';
import { resolveStaticPaths, type ResolvedStaticPaths } from './repo-paths.js';

/** Turns a page's HTML into what is sent (the site fills in the brand's config); other HTML passes unchanged. */
export type HtmlRenderer = (html: string, request: FastifyRequest) => Promise<string>;

/** First path segments that belong to the API, never to the single-page site. */
function apiPrefixes(): Set<string> {
  const prefixes = new Set(['sandbox', 'healthz', 'openapi.json', 'widgets', 'examples', 'mqtt', 'studio']);
  for (const call of allCalls) prefixes.add(call.path.split('/')[1]!);
  return prefixes;
}

/**
 * Static files, exempt from signing: /widgets/* from the widgets build, /examples/<name>/
 * from examples/<name>/ (each folder its own site, index.html by default), and the built
 * site at / with a fallback to its index.html for page navigations (so /app/home works on
 * reload). index.html gets the brand's lobby-config. A missing build answers 503 saying to
 * run `npm run build`; nothing crashes.
 *
 * @example await registerStatic(app, renderIndexHtml);
 */
export async function registerStatic(app: FastifyInstance, renderHtml: HtmlRenderer): Promise<void> {
  const paths = resolveStaticPaths(app.lobby.config.static);
  // preCompressed: a built file's .br or .gz sibling is sent when the browser accepts it.
  await app.register(fastifyStatic, { root: paths.rootDir, serve: false, preCompressed: true });
  const prefixes = apiPrefixes();
  app.get('/widgets/*', (request, reply) => sendFrom(renderHtml, reply, paths.widgetsDist, (request.params as { '*': string })['*'], 'widgets'));
  app.get('/examples/:name', (request, reply) => reply.redirect(`/examples/${encodeURIComponent((request.params as { name: string }).name)}/`));
  app.get('/examples/:name/*', (request, reply) => {
    const params = request.params as { name: string; '*': string };
    return sendFrom(renderHtml, reply, join(paths.examplesDir, params.name), params['*'] || 'index.html', 'examples', request);
  });
  app.setNotFoundHandler((request, reply) => serveSite(renderHtml, request, reply, paths, prefixes));
}

async function serveSite(renderHtml: HtmlRenderer, request: FastifyRequest, reply: FastifyReply, paths: ResolvedStaticPaths, prefixes: Set<string>) {
  const path = request.url.split('?')[0]!;
  if ((request.method !== 'GET' && request.method !== 'HEAD') || prefixes.has(path.split('/')[1] ?? '')) return sendNotFound(request, reply);
  if (extname(path) !== '' && path !== '/index.html') return sendFrom(renderHtml, reply, paths.siteDist, path.slice(1), 'site');
  const navigation = path === '/' || path === '/index.html' || (request.headers.accept ?? '').includes('text/html');
  if (!navigation) return sendNotFound(request, reply);
  return sendIndex(renderHtml, request, reply, paths.siteDist, 'site');
}

/** Sends one file from `root`, refusing paths that leave it; directories serve their index.html. */
async function sendFrom(renderHtml: HtmlRenderer, reply: FastifyReply, root: string, relative: string, what: string, request?: FastifyRequest) {
  if (!(await isDirectory(root))) return what === 'examples' ? sendNotFound(reply.request, reply) : sendNotBuilt(reply, what);
  const file = safeJoin(root, relative);
  if (!file) return sendNotFound(reply.request, reply);
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) {
    if (!reply.request.url.split('?')[0]!.endsWith('/')) return reply.redirect(`${reply.request.url.split('?')[0]}/`);
    return sendIndex(renderHtml, request ?? reply.request, reply, file, what);
  }
  if (!info?.isFile()) return sendNotFound(reply.request, reply);
  if (extname(file) === '.html') return sendHtml(renderHtml, request ?? reply.request, reply, file);
  return reply.sendFile(file.slice(root.length + 1), root);
}

async function sendIndex(renderHtml: HtmlRenderer, request: FastifyRequest, reply: FastifyReply, folder: string, what: string) {
  if (!(await isDirectory(folder))) return sendNotBuilt(reply, what);
  const file = join(folder, 'index.html');
  if (!(await stat(file).catch(() => undefined))?.isFile()) return what === 'site' ? sendNotBuilt(reply, what) : sendNotFound(request, reply);
  return sendHtml(renderHtml, request, reply, file);
}

async function sendHtml(renderHtml: HtmlRenderer, request: FastifyRequest, reply: FastifyReply, file: string) {
  const html = await renderHtml(await readFile(file, 'utf8'), request);
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

function sendNotBuilt(reply: FastifyReply, what: string) {
  const msg = `the ${what} files are not built yet: run \`npm run build\` (npm start builds what is missing)`;
  return reply.code(503).send(errorEnvelope(CODE.internalError, msg));
}

function safeJoin(root: string, relative: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).some((part) => part === '..')) return undefined;
  const full = resolve(root, decoded);
  return full === root || full.startsWith(root + sep) ? full : undefined;
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
