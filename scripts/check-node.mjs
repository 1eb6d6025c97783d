// Runs after `npm install`: the app's Node code needs Node >= 24 (better-sqlite3 13 crashes on Node 20).
// npm scripts put node_modules/.bin first on PATH, where the `node` dev dependency provides Node 24.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.warn(`[lab-desktop] Node ${process.versions.node} is running this script; npm scripts use node_modules/.bin/node (Node 24).`);
}
