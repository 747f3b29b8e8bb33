// Preflight of every npm script that runs the TypeScript sources: they need Node 24 (type stripping,
// node:sqlite), and an older Node fails on them with a parse error that does not say so. This file is
// plain JavaScript that any Node since 12 runs, so it can say what to do instead. Keep it that way:
// no TypeScript, no imports, no syntax newer than ES2017.
var REQUIRED_MAJOR = 24;
var found = process.versions.node;
var major = parseInt(found.split('.')[0], 10);
if (!(major >= REQUIRED_MAJOR)) {
  process.stderr.write(
    'HaBama needs Node ' + REQUIRED_MAJOR + ' or newer (found v' + found + '): install it with nvm ' +
    '(`nvm install ' + REQUIRED_MAJOR + '` in this folder reads .nvmrc) or from https://nodejs.org\n'
  );
  process.exit(1);
}
