// Checks request bodies against unleash-server's own schemas with ajv 8 as
// the server configures it for request bodies (coerceTypes, ajv-formats
// 2.1.1 in full mode). Arguments: a node_modules folder holding ajv and
// ajv-formats, and the folder of the unleash-server package. Reads one JSON
// body a line on stdin; writes a line for each: "OK", or the first error
// as keyword, pointer and the property it names, separated by tabs.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const [modules, server] = process.argv.slice(2);
const load = createRequire(path.join(path.resolve(modules), 'x.js'));
const Ajv = load('ajv').default;
const addFormats = load('ajv-formats');
const specDir = path.join(path.resolve(server), 'dist', 'lib', 'openapi', 'spec');
const schemas = [];
for (const file of fs.readdirSync(specDir)) {
  if (!file.endsWith('-schema.js')) continue;
  let mod;
  try { mod = load(path.join(specDir, file)); } catch { continue; }
  for (const value of Object.values(mod)) {
    if (value && typeof value === 'object' && value.$id) {
      const { components, ...schema } = value;
      schemas.push(schema);
    }
  }
}
const ajv = new Ajv({ schemas, coerceTypes: true, strict: false });
addFormats(ajv);
const out = [];
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
  if (line === '') continue;
  if (ajv.validate('#/components/schemas/importTogglesSchema', JSON.parse(line))) {
    out.push('OK');
    continue;
  }
  const e = ajv.errors[0];
  const prop = e.params.missingProperty ?? e.params.additionalProperty ?? '';
  out.push([e.keyword, e.instancePath, prop].join('\t'));
}
process.stdout.write(out.join('\n') + '\n');
