// Loaded with --import before server.mjs by internal/testharness/unleashtest:
// makes the start of an ESM unleash-server (7.x, 8.x) cheaper without
// changing what any import resolves to.
//
// Node's default ESM resolution finds, for every module it resolves, the
// package scope of the result to tell its format, and that lookup parses
// the whole "exports" field of the package's package.json each time: for
// the hundreds of modules of a package such as date-fns 4, whose exports
// field is 150 kB, that was a third of a start's CPU. This resolve hook
// answers the two common cases of an import (not a require) itself, from
// caches, and leaves every other to node:
//   - a relative specifier ending in .js or .mjs, imported from a file,
//     naming a regular file (not a symbolic link) whose package scope has
//     "type": "module" (or .mjs): the file's URL, its directory's real path,
//     format module, as node would answer;
//   - a bare specifier: node's own answer, kept
//     for the importer's directory and the conditions, on which alone it
//     depends.
// Node before 22.15 has no module.registerHooks: there nothing changes.
import module from 'node:module';
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Package scope type by directory: 'module', or '' for anything else
// (commonjs, none, unreadable), which this hook leaves to node.
const scopeTypes = new Map();
function scopeType(dir) {
    let t = scopeTypes.get(dir);
    if (t !== undefined) {
        return t;
    }
    // As node, look no further up than a node_modules directory.
    if (dir.endsWith('/node_modules')) {
        t = '';
    } else {
        let raw = null;
        try {
            raw = readFileSync(join(dir, 'package.json'), 'utf8');
        } catch {}
        if (raw !== null) {
            try {
                t = JSON.parse(raw).type === 'module' ? 'module' : '';
            } catch {
                t = '';
            }
        } else {
            const up = dirname(dir);
            t = up === dir ? '' : scopeType(up);
        }
    }
    scopeTypes.set(dir, t);
    return t;
}

const realDirs = new Map();
function realDir(dir) {
    let r = realDirs.get(dir);
    if (r === undefined) {
        try {
            r = realpathSync.native(dir);
        } catch {
            r = null;
        }
        realDirs.set(dir, r);
    }
    return r;
}

function relativeModule(specifier, parentURL) {
    if (!(specifier.startsWith('./') || specifier.startsWith('../')) ||
        !(specifier.endsWith('.js') || specifier.endsWith('.mjs')) || /[?#%\\]/.test(specifier)) {
        return null;
    }
    const path = fileURLToPath(new URL(specifier, parentURL));
    const dir = realDir(dirname(path));
    if (dir === null) {
        return null;
    }
    const file = join(dir, basename(path));
    if (!(file.endsWith('.mjs') || scopeType(dir) === 'module')) {
        return null;
    }
    if (!lstatSync(file, { throwIfNoEntry: false })?.isFile()) {
        return null;
    }
    return { url: pathToFileURL(file).href, format: 'module', shortCircuit: true };
}

const bare = new Map();

function resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    const attributes = context.importAttributes;
    const conditions = context.conditions ?? [];
    if (parent === undefined || !parent.startsWith('file:') || conditions.includes('require') ||
        (attributes && Object.keys(attributes).length > 0)) {
        return nextResolve(specifier, context);
    }
    const rel = relativeModule(specifier, parent);
    if (rel !== null) {
        return rel;
    }
    if (/^[.\/#]|^[a-z][a-z0-9+.-]*:/i.test(specifier)) {
        return nextResolve(specifier, context);
    }
    const key = `${dirname(fileURLToPath(parent))}\0${specifier}\0${conditions.join(',')}`;
    let r = bare.get(key);
    if (r === undefined) {
        r = nextResolve(specifier, context);
        bare.set(key, r);
    }
    return { ...r, shortCircuit: true };
}

if (typeof module.registerHooks === 'function') {
    module.registerHooks({ resolve });
}
