// Times an import request body through the check Unleash's validate
// endpoint runs before its handler: @wesleytodd/openapi's validPath
// middleware, made as unleash-server's OpenApiService makes it (the
// document of createOpenApiSchema, options coerce and extendRefs, the
// request body createRequestSchema('importTogglesSchema')), which compiles
// on its first request one ajv schema of the request, the body a $ref to
// #/components/schemas/importTogglesSchema of the document's components.
// Arguments: the folder whose node_modules holds unleash-server, the body
// file, the timed runs and the warm-up runs. Reads the file once; each run
// is a JSON.parse of its text and the validation of the result, timed
// apart. Writes one JSON object on stdout.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';

const [app, file, runs, warmups] = process.argv.slice(2);
const server = path.join(path.resolve(app), 'node_modules', 'unleash-server');
const lib = path.join(server, 'dist', 'lib');
const { createOpenApiSchema, createRequestSchema } = await import(
  pathToFileURL(path.join(lib, 'openapi', 'index.js')).href);
// Packages resolve as they do for the server's own openapi-service.js.
const fromService = createRequire(path.join(lib, 'services', 'openapi-service.js'));
const openapi = fromService('@wesleytodd/openapi');
const fromOpenapi = createRequire(fromService.resolve('@wesleytodd/openapi'));
const version = (load, pkg) => load(pkg + '/package.json').version;

const api = openapi('/docs/openapi', createOpenApiSchema({ unleashUrl: 'http://localhost:4242', baseUriPath: '' }),
  { coerce: true, extendRefs: true, basePath: '' });
const middleware = api.validPath({
  operationId: 'validateImport',
  requestBody: createRequestSchema('importTogglesSchema'),
  responses: {},
});
const route = {};
// validate returns the middleware's verdict on body: undefined when it
// passes the request on, else the error it hands to next.
function validate(body) {
  let failure;
  middleware({ route, headers: {}, params: {}, query: {}, body }, undefined, (err) => { failure = err; });
  return failure;
}

const text = fs.readFileSync(file, 'utf8');
const ns = (from, to) => Number(to - from);
let t0 = process.hrtime.bigint();
let failure = validate(JSON.parse(text)); // compiles the schema
const firstCallNs = ns(t0, process.hrtime.bigint());
const parseValidateNs = [];
const validateNs = [];
const errorCount = (f) => (f ? (f.validationErrors ?? [f]).length : 0);
for (let i = -Number(warmups); i < Number(runs); i++) {
  t0 = process.hrtime.bigint();
  const body = JSON.parse(text);
  const t1 = process.hrtime.bigint();
  const f = validate(body);
  const t2 = process.hrtime.bigint();
  if (errorCount(f) !== errorCount(failure)) {
    throw new Error('the verdict changed between runs');
  }
  if (i >= 0) {
    parseValidateNs.push(ns(t0, t2));
    validateNs.push(ns(t1, t2));
  }
}
const first = failure?.validationErrors?.[0];
process.stdout.write(JSON.stringify({
  node: process.version,
  unleash: JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8')).version,
  wesleytoddOpenapi: version(fromService, '@wesleytodd/openapi'),
  ajv: version(fromOpenapi, 'ajv'),
  ajvFormats: version(fromOpenapi, 'ajv-formats'),
  firstCallNs,
  parseValidateNs,
  validateNs,
  errors: errorCount(failure),
  firstError: first ? `${first.keyword} at ${first.instancePath}: ${first.message}` : (failure ? String(failure) : ''),
}) + '\n');
