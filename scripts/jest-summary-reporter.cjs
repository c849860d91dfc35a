// A jest reporter that writes each package's totals to <repo>/.test-results/<package>.json, so
// that `scripts/test.mjs` can print one closing line for the whole monorepo.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const pkg = JSON.parse(fs.readFileSync(path.join(this.rootDir, 'package.json'), 'utf8'));
    const dir = path.join(__dirname, '..', '.test-results');
    fs.mkdirSync(dir, { recursive: true });
    // A package may run jest twice (agent-testing runs its proof suite against each agent).
    const run = process.env.GROVE_PROOF_AGENT ? `_proof_${process.env.GROVE_PROOF_AGENT}` : '';
    const file = path.join(dir, `${pkg.name.replace(/[@/]/g, '_')}${run}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({
        name: pkg.name + run,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
