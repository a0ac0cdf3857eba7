import type { Output } from '@loci/engine';
import { useTranslation } from 'react-i18next';
import type { PlayEvent } from '../../../api/play';
import { outputKey } from '../session/session-reducer';
import type { SpecIndex } from '../spec-index';
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

/** The blocking output waiting for the player's answer, with the last judgement of their answer to it. */
export function PendingDialog({
  output,
  index,
  results,
  busy,
  onSend,
  onDismiss,
}: {
  output: Output;
  index: SpecIndex;
  results: Record<string, Output>;
  busy: boolean;
  onSend: (event: PlayEvent) => void;
  onDismiss: (output: Output) => void;
}) {
  const { t } = useTranslation();
  return (
    <BlockingDialog title={dialogTitle(output, index, t(DIALOG_FALLBACK_TITLES[output.action] ?? 'play.dialog.info'))}>
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
