import type { PlayerClockView } from '@loci/domain';
import type { Output } from '@loci/engine';
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlayEvent } from '../../../api/play';
import { outputKey } from '../session/session-reducer';
import type { SpecIndex } from '../spec-index';
import { TaskCountdown } from '../clock/TaskCountdown';
import { BlockingDialog } from './BlockingDialog';
import { OutputDialog, dialogTitle } from './OutputDialog';

const DIALOG_FALLBACK_TITLES: Partial<Record<Output['action'], string>> = {
  showInfo: 'play.dialog.info',
  askQuestion: 'play.dialog.question',
  askQuiz: 'play.dialog.quiz',
  askConfirmation: 'play.dialog.confirmation',
  startConversation: 'play.dialog.conversation',
  resumeConversation: 'play.dialog.conversation',
  sayStatement: 'play.dialog.conversation',
  showObject: 'play.dialog.object',
};

/**
 * The blocking output waiting for the player's answer, with the last judgement of their answer to it, and the
 * countdown of a question's or quiz's time limit (issue 28) when it has one.
 */
export function PendingDialog({
  output,
  index,
  results,
  clock,
  busy,
  onSend,
  onDismiss,
}: {
  output: Output;
  /** The view's clock: a question's or quiz's time limit counts down from it. */
  clock?: PlayerClockView;
  index: SpecIndex;
  results: Record<string, Output>;
  busy: boolean;
  onSend: (event: PlayEvent) => void;
  onDismiss: (output: Output) => void;
}) {
  const { t } = useTranslation();
  const timed = (output.action === 'askQuestion' || output.action === 'askQuiz') && output.interactionId;
  return (
    <BlockingDialog title={dialogTitle(output, index, t(DIALOG_FALLBACK_TITLES[output.action] ?? 'play.dialog.info'))}>
      {timed && (
        <Group justify="flex-end" mb="xs">
          <TaskCountdown clock={clock} kind="interaction" id={output.interactionId!} />
        </Group>
      )}
      <OutputDialog
        key={outputKey(output)}
        output={output}
        index={index}
        result={output.interactionId ? results[output.interactionId] : undefined}
        busy={busy}
        onSend={onSend}
        onDismiss={() => onDismiss(output)}
      />
    </BlockingDialog>
  );
}
