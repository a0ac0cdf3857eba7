/**
 * Every validation message and text of the design workspace (spec 2 §5, §7,
 * §8; spec 3 §5, §8), written once and used by the server, asyncValidateForm
 * and the web forms alike. Quoted texts are the spec's word for word; the few
 * marked "ours" cover cases the spec leaves without a wording.
 */
export const DESIGN_MESSAGES = {
  required: 'Required',

  // Conditions and condition blocks.
  atLeastOneConditionInBlock: 'Add at least one condition to this block',
  /** Ours: a verb the condition type does not have. */
  verbNotAllowed: 'Not a verb of this condition type',
  /** Ours: a trigger whose verb is not a trigger verb. */
  notATriggerVerb: 'A trigger cannot use this verb',
  /** Ours: a condition type that has no trigger verb. */
  cannotTrigger: 'This condition type cannot trigger a rule',
  /** Ours. */
  unknownConditionType: 'Unknown condition type',
  /** Ours: game-status values. */
  gameStatusValue: 'Must be completed, active or abandoned',
  timeOfDay: 'Write a time of day as HH:MM, e.g. 14:30',
  positiveMinutes: 'Must be a number of minutes above 0',

  // Actions.
  atMostOneBlockingAction: 'You can have at most 1 blocking action',
  atLeastOneAction: 'You need at least one action',
  /** Ours. */
  unknownAction: 'Unknown action',
  /** Ours: e.g. the World asking a question. */
  actorNotAllowed: 'This actor cannot perform this action',
  /** Ours: mutateObject naming a property the object type does not have. */
  unknownProperty: 'Not a property of this object type',
  /** Ours: sayStatement naming a statement the conversation does not have. */
  unknownStatement: 'Not a statement of this conversation',

  // Interactions, questions, conversations.
  messageOrMedia: 'You need to provide at least a message or a media',
  addOneQuestion: 'Add one question',
  addAtLeastOneQuestion: 'Add at least one question',
  atLeastTwoOptions: 'You need to add at least 2 options',
  atLeastOneCorrectOption: 'You need to set at least 1 option as correct',
  exactlyOneCorrectOption: 'You need to set 1 option as correct',
  atLeastOneStatement: 'You need to add at least 1 statement',
  atLeastOneUserOption: 'You need to add at least 1 user option for this statement',
  /** Ours. */
  unknownInteractionType: 'Unknown interaction type',

  // Missions.
  captureShareType: 'Check at least one required capture/share type',
  possibleMediaType: 'Check at least one possible media type',
  atLeastOneConditionBlock: 'You must add at least one condition block',
  atLeastOneSubMission: 'You must add at least one sub mission',
  /** Ours: sub-missions nest one level only (spec 2 §3). */
  noNestedSubMissions: 'Sub missions cannot have sub missions',

  // Archetypes and offers.
  oneTitleAllowed: 'One title is allowed',
  /** Ours: the object title applies only to text or number properties (spec 2 §5). */
  titleOnlyTextOrNumber: 'Only a text or number property can be the title',
  behaviourNeedsOneOf: (behaviour: string, actions: readonly string[]) =>
    `Object behavior "${behaviour}" needs (one of) the action(s): [${actions.join(', ')}]`,
  behaviourNeeds: (behaviour: string, actions: readonly string[]) =>
    `Behavior "${behaviour}" needs the action(s): [${actions.join(', ')}]`,
  behaviourIncompatible: (behaviour: string, actions: readonly string[]) =>
    `Behavior "${behaviour}" is incompatible with action(s): [${actions.join(', ')}]`,
  actionsNeedBehaviour: (behaviour: string, actions: readonly string[]) =>
    `Action(s): [${actions.join(', ')}] are only allowed when Behaviour "${behaviour}" is enabled`,
  typeNotSupported: (type: string) => `Type ${type} not yet supported`,

  // Locations.
  nonTrackableVisible: 'Non trackable locations should be visible',
  nonTrackableContactable: 'Non trackable locations should be contactable by tapping',

  // Items.
  maxItemsRequired: 'You must set the max number for items',

  // World objects and offers (spec 3 §5).
  systemNameRequired: 'System name is required',
  selectScene: 'Select a scene',
  selectObjectType: 'Select an object type',

  // Numbers (ours; the spec only says "digits only" and gives the minimums).
  notANumber: 'Must be a number',
  textExpected: 'Must be a text',
  wholeNumber: 'Must be a whole number',
  atLeast: (min: number) => `Must be at least ${min}`,
  atMost: (max: number) => `Must be at most ${max}`,
  /** Ours. */
  invalidEmail: 'Not a valid email',
} as const;

/** Toasts, confirmations and notes of the design workspace (spec 2 §2, §4, §7, §8; spec 3 §4). */
export const DESIGN_TEXTS = {
  deleted: (kindLabel: string) => `${kindLabel} deleted`,
  saved: (name: string) => `${name} saved`,
  created: (name: string) => `${name} created`,
  milestoneCreated: (name: string) => `Milestone ${name} created`,
  milestoneSaved: (name: string) => `Milestone ${name} saved`,
  milestoneDeleted: 'Milestone deleted',
  locationCreated: (name: string) => `Location ${name} created`,
  locationSaved: (name: string) => `Location ${name} saved`,
  locationDeleted: 'Location deleted',
  ruleSaved: (name: string) => `Rule ${name} saved`,
  errorSaving: (kindLabel: string) => `Error saving ${kindLabel}`,
  errorCreating: (kindLabel: string) => `Error creating ${kindLabel}`,
  errorDeleting: (kindLabel: string) => `Error deleting ${kindLabel}`,
  errorSavingRule: (id: string) => `Error saving rule ${id}`,
  errorSavingMilestone: (id: string) => `Error saving milestone ${id}`,
  errorCreatingMilestone: 'Error creating milestone',
  errorDeletingMilestone: (id: string) => `Error deleting milestone ${id}`,
  errorSavingLocation: (id: string) => `Error saving location ${id}`,
  errorCreatingLocation: 'Error creating location',
  errorDeletingLocation: (id: string) => `Error deleting location ${id}`,
  confirmDelete: 'Are you really sure?',
  noLocationServices:
    'Location Services are not available in this Game. Players can perceive & contact objects of this type only by (QR)Code reading',
  systemNameTooltip: 'The system name is internal only; it must be unique among elements of this type',
  worldStateUpdated: 'World state updated',
  initialStateUpdated: 'Initial state updated',
  itemDeleted: 'Item deleted',
  loading: 'Loading...',
  noItems: 'No items',
  noObjects: 'No Objects',
  noOffers: 'No Offers',
  notUsedYet: 'Not used yet',
  waitingForData: 'Waiting for game or scene data...',
  addOfferToWorld: (offerName: string) => `Add ${offerName} to World`,
} as const;
