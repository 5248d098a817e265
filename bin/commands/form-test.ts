import { checkContent, checkUrlFlag } from '../../generator/build.js';
import { formatProblems } from '../../generator/problems/format.js';
import { describeOutcome, sendFormTest, type FormTestRequest } from '../../generator/form-test.js';
import { ContentError, UsageError } from '../../generator/problems/problem.js';
import { resolveFrom, type Io } from '../io.js';

interface FormTestFlags {
  content: string;
  formEndpoint?: string;
}

/** Sends one marked test request to the quote form's relay: exit 0 when it was accepted, 1 otherwise. */
export async function runFormTest(flags: FormTestFlags, io: Io): Promise<void> {
  const endpoint = flags.formEndpoint === undefined ? undefined : checkUrlFlag('--form-endpoint', flags.formEndpoint);
  const checked = await checkContent(resolveFrom(io, flags.content));
  if (!checked.site) {
    io.err(formatProblems(checked.problems, checked.sources, { cwd: io.cwd }));
    throw new ContentError(checked.problems, checked.sources);
  }
  const { form } = checked.site.settings;
  if (!endpoint && form.recipient?.toLowerCase().endsWith('@example.com')) {
    throw new UsageError(
      `form.recipient in site.yaml is still the placeholder ${form.recipient}, so a test would only ask example.com to activate a form nobody reads.`,
      'write the real email address that should receive quote requests as form.recipient, then run "site form-test" again',
    );
  }
  const request: FormTestRequest = {
    endpoint: endpoint ?? form.endpoint,
    recipient: form.recipient,
    subjectPrefix: form.subjectPrefix,
    timeoutMs: form.timeoutSeconds * 1000,
  };
  io.out(`Sending one test request to ${request.endpoint} ...`);
  const report = describeOutcome(await sendFormTest(request), request);
  if (!report.ok) throw new UsageError(report.message, report.hint);
  io.out(report.message);
}
