import type { DesignEntity } from '@loci/domain';
import { useParams } from 'react-router';
import { ObjectTypeForm } from '../archetypes/ObjectTypeForm';
import { OfferFields } from './OfferFields';

/**
 * The offer form: an object type's fields plus the offer's own; a new offer
 * starts redeemable and pickable, with 'Open it' (showObject) and 'Take it'
 * (pickObject) (spec 2 §3). In a modal when `onDone` is given.
 */
export function OfferForm({ entityId, onDone }: { entityId?: string; onDone?: (entity?: DesignEntity) => void }) {
  return (
    <ObjectTypeForm
      kind="offer"
      entityId={entityId}
      onDone={onDone}
      renderOfferFields={(props) => <OfferFields {...props} />}
    />
  );
}

/** offers/create/0 and offers/edit/:entityId (spec 2 §2). */
export function OfferFormPage() {
  const { entityId } = useParams();
  return <OfferForm key={entityId ?? 'new'} entityId={entityId} />;
}
