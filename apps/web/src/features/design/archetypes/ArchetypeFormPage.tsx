import type { DesignEntity } from '@loci/domain';
import { useParams } from 'react-router';
import { ObjectTypeForm } from './ObjectTypeForm';

/** The object type (archetype) form; in a modal when `onDone` is given. */
export function ArchetypeForm({ entityId, onDone }: { entityId?: string; onDone?: (entity?: DesignEntity) => void }) {
  return <ObjectTypeForm kind="archetype" entityId={entityId} onDone={onDone} />;
}

/** archetypes/create/0 and archetypes/edit/:entityId (spec 2 §2). */
export function ArchetypeFormPage() {
  const { entityId } = useParams();
  return <ArchetypeForm key={entityId ?? 'new'} entityId={entityId} />;
}
