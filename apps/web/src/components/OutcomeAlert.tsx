/** The outcome of the last bulk or single action on a list (product §8's wording is the caller's): a title and its lines. */
import { Alert } from 'antd';

export interface OutcomeText {
  type: 'success' | 'warning' | 'error';
  title: string;
  lines: string[];
}

export function OutcomeAlert({
  outcome,
  onClose,
  testId = 'lead-outcome',
}: {
  outcome: OutcomeText | null;
  onClose: () => void;
  testId?: string;
}) {
  if (!outcome) return null;
  return (
    <Alert
      type={outcome.type}
      showIcon
      closable={{ onClose }}
      title={outcome.title}
      description={outcome.lines.length ? outcome.lines.map((line) => <div key={line}>{line}</div>) : undefined}
      data-testid={testId}
    />
  );
}
