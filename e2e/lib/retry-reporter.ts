import type { Reporter, TestCase } from 'vitest/node';

/**
 * Lists, after the run, every journey that passed only on its retry and why its first attempt
 * failed. The default reporter shows "(retry x1)" and nothing else, so a flaky journey would stay
 * green without a trace.
 */
export default class RetryReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const result = testCase.result();
    if (result.state !== 'passed' || !result.errors?.length) return;
    const first = result.errors[0];
    const reason = (first?.message ?? String(first)).split('\n')[0];
    // Where the journey stopped: the first frame in an e2e file.
    const at = first?.stacks?.find((f) => f.file.includes('/e2e/'));
    const where = at ? ` (${at.file.split('/e2e/').pop()}:${at.line})` : '';
    this.retried.push(
      `  [${testCase.project.name}] ${testCase.module.moduleId.split('/').pop()} > ${testCase.fullName}\n    first attempt: ${reason}${where}`,
    );
  }

  onTestRunEnd() {
    if (this.retried.length === 0) return;
    process.stdout.write(`\nPassed only after a retry (${this.retried.length}):\n${this.retried.join('\n')}\n`);
  }
}
