import { BUNDLE_LIMITS, BUNDLE_SCHEMA_VERSION } from '../bundle.js';
import { TEAM_LIMITS } from '../teams.js';
import { MESSAGE_LIMITS } from '../protocol/messages.js';
import { PAGE_SIZES } from '../constants.js';
import type { MissingTextPart, ProblemName } from '../design/problem-messages.js';
import type { DesignKind } from '../design/registry.js';
import { CONTENT_LANGUAGE_NAMES, isContentLanguage } from '../design/translations.js';
import type { UserKind } from '../design/server-support.js';
import { GAME_SPEC_SCHEMA_VERSION } from '../design/spec.js';
import { ADULT_AGE, MAX_RADIUS, PASSCODE_LENGTH } from '../game.js';
import {
  MEDIA_MAX_MEGAPIXELS,
  MEDIA_TITLE_MAX_LENGTH,
  MEGABYTE,
  PLAYER_UPLOAD_LIMITS,
  type MediaType,
} from '../media.js';
import { RICH_TEXT_MAX_LENGTH } from '../rich-text.js';
import { MAX_OPEN_TRADES_PER_PLAYER } from '../protocol/trades.js';
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Role } from '../roles.js';
import type { DomainTranslation } from './catalogue.js';

const ROLE_EL: Record<Role, string> = { player: 'παίκτης', designer: 'σχεδιαστής', admin: 'διαχειριστής' };
const MEDIA_TYPE_EL: Record<MediaType, string> = { image: 'εικόνα', video: 'βίντεο', audio: 'ήχος', other: 'αρχείο' };
/** The kinds of what uses an entity or a medium ('Used by …'), in the nominative. */
const USER_KIND_EL: Record<UserKind, string> = {
  scene: 'σκηνή',
  milestone: 'ορόσημο',
  mission: 'αποστολή',
  interaction: 'αλληλεπίδραση',
  character: 'χαρακτήρας',
  item: 'αντικείμενο',
  attribute: 'δεξιότητα',
  archetype: 'τύπος αντικειμένου',
  offer: 'προσφορά',
  location: 'τοποθεσία',
  rule: 'κανόνας',
  worldObject: 'αντικείμενο του κόσμου',
  worldOffer: 'προσφορά του κόσμου',
  game: 'παιχνίδι',
  initialWorld: 'αρχικός κόσμος',
  publishedVersion: 'δημοσιευμένη έκδοση',
};
/** Kinds as the checker's findings name elements ('Σκηνή «Λιμάνι»'). */
const PROBLEM_KIND_EL: Record<DesignKind, string> = {
  scene: 'Σκηνή',
  milestone: 'Ορόσημο',
  mission: 'Αποστολή',
  interaction: 'Αλληλεπίδραση',
  character: 'Χαρακτήρας',
  item: 'Αντικείμενο',
  attribute: 'Δεξιότητα',
  archetype: 'Τύπος αντικειμένου',
  offer: 'Προσφορά',
  location: 'Τοποθεσία',
  rule: 'Κανόνας',
};
/** A content language's Greek name ('de' → 'Γερμανικά'). */
const languageNameEl = (code: string) => (isContentLanguage(code) ? CONTENT_LANGUAGE_NAMES[code].el : code);
const named = (name: ProblemName) => `${PROBLEM_KIND_EL[name.kind]} «${name.label}»`;
const names = (values: readonly ProblemName[]) => values.slice(0, 3).map(named).join(', ');
const MISSING_TEXT_EL: Record<MissingTextPart, (index: number) => string> = {
  title: () => 'τίτλο',
  description: () => 'περιγραφή',
  message: () => 'μήνυμα',
  question: (index) => `κείμενο για την ερώτηση ${index}`,
  questionOption: (index) => `κείμενο για μια επιλογή της ερώτησης ${index}`,
  statement: (index) => `κείμενο για τη δήλωση ${index}`,
  answerLabel: (index) => `ετικέτα για μια απάντηση της δήλωσης ${index}`,
};
const list = (values: readonly string[]) => values.join(', ');

/** The Greek of every text of DOMAIN_CATALOGUE (same groups, keys and arguments). */
export const DOMAIN_EL: DomainTranslation = {
  ERROR_MESSAGES: {
    form: 'Διορθώστε τα σφάλματα της φόρμας',
    badText: 'Περιέχει χαρακτήρα που δεν επιτρέπεται',
    tooDeep: 'Υπερβολικά βαθιά ένθεση',
    invalidValue: 'Μη έγκυρη τιμή',
    forbidden: 'Δεν επιτρέπεται να το κάνετε αυτό',
    adminOnly: 'Μόνο οι διαχειριστές μπορούν να το κάνουν αυτό',
    notFound: 'Δεν βρέθηκε',
    conflict: 'Έρχεται σε σύγκρουση με την τρέχουσα κατάσταση των δεδομένων',
    internal: 'Εσωτερικό σφάλμα του διακομιστή',
    unavailable: 'Το Loci δεν είναι διαθέσιμο προσωρινά. Δοκιμάστε ξανά σε λίγο',
    refused: 'Το αίτημα απορρίφθηκε',
  },
  REQUEST_MESSAGES: {
    FST_ERR_NOT_FOUND: 'Η διαδρομή δεν βρέθηκε',
    FST_ERR_BAD_URL: 'Η διεύθυνση URL δεν έχει έγκυρη κωδικοποίηση',
    FST_ERR_MAX_PARAM_LENGTH: 'Η διεύθυνση URL είναι πολύ μεγάλη',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Αυτός ο τύπος περιεχομένου δεν γίνεται δεκτός εδώ',
    FST_ERR_CTP_BODY_TOO_LARGE: 'Το σώμα του αιτήματος είναι πολύ μεγάλο',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'Το σώμα JSON είναι κενό',
    FST_ERR_CTP_INVALID_JSON_BODY: 'Το σώμα δεν είναι έγκυρο JSON',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Το Content-Length δεν ταιριάζει με το σώμα',
    HPE_HEADER_OVERFLOW: 'Οι κεφαλίδες του αιτήματος είναι πολύ μεγάλες',
    ERR_HTTP_REQUEST_TIMEOUT: 'Το αίτημα δεν ελήφθη εγκαίρως',
    MULTIPART_UNREADABLE: 'Δεν ήταν δυνατή η ανάγνωση του σώματος multipart',
  },
  USER_MESSAGES: {
    nameRequired: 'Το όνομα είναι υποχρεωτικό',
    nameTooLong: `Το όνομα μπορεί να έχει έως ${NAME_MAX_LENGTH} χαρακτήρες`,
    emailRequired: 'Το email είναι υποχρεωτικό',
    emailInvalid: 'Το email δεν είναι έγκυρο',
    emailTaken: 'Το email υπάρχει ήδη',
    emailNotFound: 'Το email δεν βρέθηκε',
    passwordRequired: 'Ο κωδικός πρόσβασης είναι υποχρεωτικός',
    passwordTooShort: `Ο κωδικός πρόσβασης πρέπει να έχει τουλάχιστον ${PASSWORD_MIN_LENGTH} χαρακτήρες`,
    passwordHint: `Τουλάχιστον ${PASSWORD_MIN_LENGTH} χαρακτήρες`,
    password2Required: 'Η επιβεβαίωση του κωδικού πρόσβασης είναι υποχρεωτική',
    passwordsMustMatch: 'Οι κωδικοί πρόσβασης πρέπει να ταιριάζουν',
    passwordIncorrect: 'Λάθος κωδικός πρόσβασης',
    pendingConfirmation: 'Επιβεβαιώστε τη διεύθυνση email σας πριν συνδεθείτε',
    socialOnly:
      'Αυτός ο λογαριασμός συνδέεται με Google ή Facebook· χρησιμοποιήστε εκείνο το κουμπί ή ορίστε νέο κωδικό πρόσβασης',
    roleRequestPending: 'Υπάρχει ήδη αίτημα ρόλου σε εκκρεμότητα',
    roleRequestNone: 'Δεν υπάρχει αίτημα ρόλου σε εκκρεμότητα',
    roleAlreadyHeld: 'Έχετε ήδη αυτόν τον ρόλο',
    alreadyConfirmed: 'Αυτή η διεύθυνση email έχει ήδη επιβεβαιωθεί',
    tooManyRequests: 'Πάρα πολλά αιτήματα. Περιμένετε ένα λεπτό και δοκιμάστε ξανά.',
    notLoggedIn: 'Δεν έχετε συνδεθεί',
    linkInvalid: 'Αυτή η διεύθυνση δεν είναι έγκυρη',
    resetLinkExpired:
      'Η διεύθυνση που χρησιμοποιήσατε έχει λήξει. Ξεκινήστε ξανά τη διαδικασία επαναφοράς κωδικού πρόσβασης.',
    resetLinkInvalid: 'Τα στοιχεία του συνδέσμου επαναφοράς κωδικού πρόσβασης δεν είναι έγκυρα.',
    roleRequestOnlyDesigner: 'Μπορείτε να ζητήσετε μόνο αναβάθμιση σε σχεδιαστή',
    roleRequestNotFound: 'Δεν υπάρχει αίτημα ρόλου σε εκκρεμότητα για αυτό το email',
    actionInvalid: 'Η ενέργεια πρέπει να είναι έγκριση ή απόρριψη',
    lastAdmin:
      'Είστε ο τελευταίος διαχειριστής: ορίστε κάποιον άλλο χρήστη διαχειριστή πριν διαγράψετε τον λογαριασμό σας',
    mailFailed: 'Δεν ήταν δυνατή η αποστολή του email. Δοκιμάστε ξανά αργότερα.',
    providerNotConfigured: 'Αυτός ο πάροχος σύνδεσης δεν έχει ρυθμιστεί σε αυτόν τον διακομιστή',
    socialSessionExpired: 'Η σύνδεση διήρκεσε πολύ ή ξεκίνησε σε άλλο πρόγραμμα περιήγησης. Δοκιμάστε ξανά.',
    socialNoEmail: 'Ο πάροχος δεν μοιράστηκε με το Loci επιβεβαιωμένη διεύθυνση email',
    socialAccountMismatch: 'Αυτή η διεύθυνση email είναι ήδη συνδεδεμένη με άλλον λογαριασμό αυτού του παρόχου',
    socialTokenMissing: 'Δεν βρέθηκε διακριτικό κοινωνικής σύνδεσης. Συνδεθείτε ξανά.',
    currentPasswordRequired: 'Ο τρέχων κωδικός πρόσβασης είναι υποχρεωτικός',
    noPasswordYet:
      'Αυτός ο λογαριασμός δεν έχει ακόμη κωδικό πρόσβασης: ορίστε έναν με το «Ξεχάσατε τον κωδικό;» στη σελίδα σύνδεσης',
  },
  PROFILE_MESSAGES: {
    birthDateInvalid: 'Γράψτε μια ημερομηνία όπως 2001-04-30, όχι στο μέλλον',
    saved: 'Το προφίλ αποθηκεύτηκε',
    photoNotImage: 'Στείλτε μια φωτογραφία JPEG, PNG ή WebP',
    photoTooLarge: 'Η φωτογραφία είναι μεγαλύτερη από 5 MB',
    photoTooManyPixels: `Η φωτογραφία έχει περισσότερα από τα ${MEDIA_MAX_MEGAPIXELS} megapixel που επιτρέπονται`,
    photoMissing: 'Επιλέξτε μια φωτογραφία για ανέβασμα',
  },
  GAME_MESSAGES: {
    required: 'Υποχρεωτικό',
    radiusRequired: 'Πρέπει να ορίσετε ακτίνα',
    maxAgeAboveMinAge: 'Πρέπει να είναι > ελάχιστη ηλικία',
    adultsOnlyMinAge: `Πρέπει να είναι >= ${ADULT_AGE}`,
    notANumber: 'Πρέπει να είναι αριθμός',
    wholeNumber: 'Πρέπει να είναι ακέραιος αριθμός',
    notNegative: 'Πρέπει να είναι >= 0',
    atLeastOne: 'Πρέπει να είναι >= 1',
    latitudeRange: 'Πρέπει να είναι μεταξύ -90 και 90',
    longitudeRange: 'Πρέπει να είναι μεταξύ -180 και 180',
    radiusTooLarge: `Πρέπει να είναι έως ${(MAX_RADIUS / 1000).toLocaleString('el-GR')} km (${MAX_RADIUS} m)`,
    playingPeriodStart: 'Ορίστε τουλάχιστον ημερομηνία και ώρα έναρξης με ζώνη ώρας',
    playingPeriodEnd: 'Η ώρα λήξης πρέπει να είναι μετά την ώρα έναρξης',
    invalidDate: 'Μη έγκυρη ημερομηνία',
    unknownTimezone: 'Άγνωστη ζώνη ώρας',
    passcodeLength: `Ο κωδικός εισόδου πρέπει να έχει ${PASSCODE_LENGTH} ψηφία`,
    invalidJson: 'Μη έγκυρο αντικείμενο JSON',
    invalidEmail: (line) => `Μη έγκυρο email: ${line}`,
    pageSize: `Το μέγεθος σελίδας πρέπει να είναι ${PAGE_SIZES.join(', ')} ή όλα`,
    marketOff: 'Ενεργοποιήστε την αγορά για να το ορίσετε',
    timeLimitTooLong: 'Πρέπει να είναι έως 10080 λεπτά (μία εβδομάδα)',
  },
  GAME_TEXTS: {
    gameCreated: (title) => `Το παιχνίδι ${title} δημιουργήθηκε`,
    gameSaved: (title) => `Το παιχνίδι ${title} αποθηκεύτηκε`,
    gameDeleted: 'Το παιχνίδι διαγράφηκε',
    gameCloned: 'Το παιχνίδι αντιγράφηκε',
    gameUnpublished: { title: 'Επιτυχία', body: 'Η δημοσίευση του παιχνιδιού ανακλήθηκε!' },
    gameArchived: { title: 'Επιτυχία', body: 'Το παιχνίδι αρχειοθετήθηκε!' },
    confirmIrreversible: 'Η ενέργεια δεν αναιρείται. Θέλετε να συνεχίσετε;',
    confirmDelete: 'Είστε σίγουροι;',
    errorRetrievingGames: 'Σφάλμα κατά την ανάκτηση των παιχνιδιών του χρήστη',
    errorRetrievingGame: (id) => `Σφάλμα κατά την ανάκτηση των στοιχείων του παιχνιδιού ${id}`,
    errorSavingGame: (id) => `Σφάλμα κατά την αποθήκευση του παιχνιδιού ${id}`,
    errorCreatingGame: 'Σφάλμα κατά τη δημιουργία του παιχνιδιού',
    errorDeletingGame: (id) => `Σφάλμα κατά τη διαγραφή του παιχνιδιού ${id}`,
    errorCloningGame: (id) => `Σφάλμα κατά την αντιγραφή του παιχνιδιού ${id}`,
    errorUnpublishingGame: (id) => `Σφάλμα κατά την ανάκληση της δημοσίευσης του παιχνιδιού ${id}`,
    errorArchivingGame: (id) => `Σφάλμα κατά την αρχειοθέτηση του παιχνιδιού ${id}`,
    noAuthoringRights: (role) => `Δεν έχετε δικαίωμα σχεδίασης παιχνιδιών. Τρέχων ρόλος: ${ROLE_EL[role]}`,
    emptyGamesList: 'Δεν υπάρχει τίποτα εδώ...',
    loadingGame: 'Φόρτωση παιχνιδιού...',
    gameNotFound: 'Το παιχνίδι δεν βρέθηκε. Λυπούμαστε.',
    gameArchivedAlert: { title: 'Ωχ', body: 'Αυτό το παιχνίδι έχει αρχειοθετηθεί.' },
  },
  TRANSLATION_MESSAGES: {
    notAGameLanguage:
      'Αυτή η γλώσσα δεν είναι μία από τις άλλες γλώσσες του παιχνιδιού· προσθέστε την πρώτα στις ρυθμίσεις του',
    unreadableFile: 'Αυτό το αρχείο δεν διαβάζεται ως αρχείο μετάφρασης',
    wrongLanguage: 'Αυτό το αρχείο είναι μετάφραση σε άλλη γλώσσα',
    tooLong: 'Αυτή η μετάφραση είναι πολύ μεγάλη',
    unknownText: 'Αυτό δεν είναι κείμενο του παιχνιδιού (μήπως διαγράφηκε;)',
  },
  GAME_OPERATION_MESSAGES: {
    archived: 'Αυτό το παιχνίδι έχει αρχειοθετηθεί.',
    alreadyArchived: 'Αυτό το παιχνίδι είναι ήδη αρχειοθετημένο.',
    unpublishBeforeDelete: 'Ανακαλέστε τη δημοσίευση του παιχνιδιού πριν το διαγράψετε',
    notPublished: 'Το παιχνίδι δεν είναι δημοσιευμένο',
    noView: 'Δεν έχετε πρόσβαση σε αυτό το παιχνίδι',
    noEdit: 'Δεν μπορείτε να αλλάξετε αυτό το παιχνίδι',
    noManage: 'Μόνο ο ιδιοκτήτης, οι συσχεδιαστές και οι διαχειριστές μπορούν να το κάνουν αυτό',
    noClone: 'Δεν μπορείτε να αντιγράψετε αυτό το παιχνίδι',
    allFilterAdminOnly: 'Μόνο οι διαχειριστές μπορούν να δουν όλα τα παιχνίδια',
    unknownMedia: 'Επιλέξτε ένα πολυμέσο αυτού του παιχνιδιού',
    unknownCurrencyItem: 'Επιλέξτε ένα αντικείμενο αυτού του παιχνιδιού ως νόμισμα',
    deletedOwner: 'Διαγραμμένος χρήστης',
  },
  DESIGN_MESSAGES: {
    required: 'Υποχρεωτικό',
    atLeastOneConditionInBlock: 'Προσθέστε τουλάχιστον μία συνθήκη σε αυτό το μπλοκ',
    verbNotAllowed: 'Δεν είναι ρήμα αυτού του τύπου συνθήκης',
    notATriggerVerb: 'Ένα έναυσμα δεν μπορεί να χρησιμοποιήσει αυτό το ρήμα',
    cannotTrigger: 'Αυτός ο τύπος συνθήκης δεν μπορεί να ενεργοποιήσει κανόνα',
    unknownConditionType: 'Άγνωστος τύπος συνθήκης',
    gameStatusValue: 'Πρέπει να είναι completed, active ή abandoned',
    timeOfDay: 'Γράψτε μια ώρα της ημέρας ως ΩΩ:ΛΛ, π.χ. 14:30',
    positiveMinutes: 'Πρέπει να είναι αριθμός λεπτών πάνω από 0',
    atMostOneBlockingAction: 'Μπορείτε να έχετε το πολύ 1 ενέργεια που μπλοκάρει',
    atLeastOneAction: 'Χρειάζεστε τουλάχιστον μία ενέργεια',
    unknownAction: 'Άγνωστη ενέργεια',
    actorNotAllowed: 'Αυτός ο δράστης δεν μπορεί να εκτελέσει αυτή την ενέργεια',
    unknownProperty: 'Δεν είναι ιδιότητα αυτού του τύπου αντικειμένου',
    unknownStatement: 'Δεν είναι δήλωση αυτής της συζήτησης',
    messageOrMedia: 'Πρέπει να δώσετε τουλάχιστον ένα μήνυμα ή ένα πολυμέσο',
    addOneQuestion: 'Προσθέστε μία ερώτηση',
    addAtLeastOneQuestion: 'Προσθέστε τουλάχιστον μία ερώτηση',
    atLeastTwoOptions: 'Πρέπει να προσθέσετε τουλάχιστον 2 επιλογές',
    atLeastOneCorrectOption: 'Πρέπει να ορίσετε τουλάχιστον 1 επιλογή ως σωστή',
    exactlyOneCorrectOption: 'Πρέπει να ορίσετε 1 επιλογή ως σωστή',
    atLeastOneStatement: 'Πρέπει να προσθέσετε τουλάχιστον 1 δήλωση',
    atLeastOneUserOption: 'Πρέπει να προσθέσετε τουλάχιστον 1 επιλογή χρήστη για αυτή τη δήλωση',
    unknownInteractionType: 'Άγνωστος τύπος αλληλεπίδρασης',
    captureShareType: 'Επιλέξτε τουλάχιστον έναν απαιτούμενο τύπο λήψης/κοινοποίησης',
    possibleMediaType: 'Επιλέξτε τουλάχιστον έναν πιθανό τύπο πολυμέσου',
    atLeastOneConditionBlock: 'Πρέπει να προσθέσετε τουλάχιστον ένα μπλοκ συνθηκών',
    atLeastOneSubMission: 'Πρέπει να προσθέσετε τουλάχιστον μία υποαποστολή',
    noNestedSubMissions: 'Οι υποαποστολές δεν μπορούν να έχουν υποαποστολές',
    oneTitleAllowed: 'Επιτρέπεται ένας τίτλος',
    titleOnlyTextOrNumber: 'Μόνο μια ιδιότητα κειμένου ή αριθμού μπορεί να είναι ο τίτλος',
    behaviourNeedsOneOf: (behaviour, actions) =>
      `Η συμπεριφορά αντικειμένου "${behaviour}" χρειάζεται (μία από) τις ενέργειες: [${list(actions)}]`,
    behaviourNeeds: (behaviour, actions) => `Η συμπεριφορά "${behaviour}" χρειάζεται τις ενέργειες: [${list(actions)}]`,
    behaviourIncompatible: (behaviour, actions) =>
      `Η συμπεριφορά "${behaviour}" δεν συνδυάζεται με τις ενέργειες: [${list(actions)}]`,
    actionsNeedBehaviour: (behaviour, actions) =>
      `Οι ενέργειες: [${list(actions)}] επιτρέπονται μόνο όταν είναι ενεργή η συμπεριφορά "${behaviour}"`,
    typeNotSupported: (type) => `Ο τύπος ${type} δεν υποστηρίζεται ακόμη`,
    nonTrackableVisible: 'Οι μη ανιχνεύσιμες τοποθεσίες πρέπει να είναι ορατές',
    nonTrackableContactable: 'Οι μη ανιχνεύσιμες τοποθεσίες πρέπει να είναι προσβάσιμες με πάτημα',
    maxItemsRequired: 'Πρέπει να ορίσετε τον μέγιστο αριθμό αντικειμένων',
    systemNameRequired: 'Το όνομα συστήματος είναι υποχρεωτικό',
    selectScene: 'Επιλέξτε σκηνή',
    selectObjectType: 'Επιλέξτε τύπο αντικειμένου',
    notANumber: 'Πρέπει να είναι αριθμός',
    textExpected: 'Πρέπει να είναι κείμενο',
    wholeNumber: 'Πρέπει να είναι ακέραιος αριθμός',
    atLeast: (min) => `Πρέπει να είναι τουλάχιστον ${min}`,
    atMost: (max) => `Πρέπει να είναι το πολύ ${max}`,
    invalidEmail: 'Μη έγκυρο email',
  },
  DESIGN_TEXTS: {
    deleted: (kindLabel) => `Διαγραφή: ${kindLabel}`,
    saved: (name) => `Αποθηκεύτηκε: ${name}`,
    created: (name) => `Δημιουργήθηκε: ${name}`,
    milestoneCreated: (name) => `Το ορόσημο ${name} δημιουργήθηκε`,
    milestoneSaved: (name) => `Το ορόσημο ${name} αποθηκεύτηκε`,
    milestoneDeleted: 'Το ορόσημο διαγράφηκε',
    locationCreated: (name) => `Η τοποθεσία ${name} δημιουργήθηκε`,
    locationSaved: (name) => `Η τοποθεσία ${name} αποθηκεύτηκε`,
    locationDeleted: 'Η τοποθεσία διαγράφηκε',
    ruleSaved: (name) => `Ο κανόνας ${name} αποθηκεύτηκε`,
    errorSaving: (kindLabel) => `Σφάλμα αποθήκευσης: ${kindLabel}`,
    errorCreating: (kindLabel) => `Σφάλμα δημιουργίας: ${kindLabel}`,
    errorDeleting: (kindLabel) => `Σφάλμα διαγραφής: ${kindLabel}`,
    errorSavingRule: (id) => `Σφάλμα κατά την αποθήκευση του κανόνα ${id}`,
    errorSavingMilestone: (id) => `Σφάλμα κατά την αποθήκευση του ορόσημου ${id}`,
    errorCreatingMilestone: 'Σφάλμα κατά τη δημιουργία του ορόσημου',
    errorDeletingMilestone: (id) => `Σφάλμα κατά τη διαγραφή του ορόσημου ${id}`,
    errorSavingLocation: (id) => `Σφάλμα κατά την αποθήκευση της τοποθεσίας ${id}`,
    errorCreatingLocation: 'Σφάλμα κατά τη δημιουργία της τοποθεσίας',
    errorDeletingLocation: (id) => `Σφάλμα κατά τη διαγραφή της τοποθεσίας ${id}`,
    confirmDelete: 'Είστε σίγουροι;',
    noLocationServices:
      'Οι υπηρεσίες τοποθεσίας δεν είναι διαθέσιμες σε αυτό το παιχνίδι. Οι παίκτες αντιλαμβάνονται και προσεγγίζουν αντικείμενα αυτού του τύπου μόνο διαβάζοντας κωδικό (QR)',
    systemNameTooltip:
      'Το όνομα συστήματος είναι μόνο για εσωτερική χρήση· πρέπει να είναι μοναδικό μεταξύ των στοιχείων αυτού του τύπου',
    worldStateUpdated: 'Η κατάσταση του κόσμου ενημερώθηκε',
    initialStateUpdated: 'Η αρχική κατάσταση ενημερώθηκε',
    itemDeleted: 'Το στοιχείο διαγράφηκε',
    loading: 'Φόρτωση...',
    noItems: 'Δεν υπάρχουν στοιχεία',
    noObjects: 'Δεν υπάρχουν αντικείμενα',
    noOffers: 'Δεν υπάρχουν προσφορές',
    notUsedYet: 'Δεν χρησιμοποιείται ακόμη',
    waitingForData: 'Αναμονή για δεδομένα παιχνιδιού ή σκηνής...',
    addOfferToWorld: (offerName) => `Προσθήκη ${offerName} στον κόσμο`,
  },
  DESIGN_API_MESSAGES: {
    nameTaken: 'Το όνομα υπάρχει ήδη',
    notFound: (label) => `Δεν βρέθηκε: ${label}`,
    kindNotFound: (kind) => `Δεν βρέθηκε: ${PROBLEM_KIND_EL[kind].toLocaleLowerCase('el')}`,
    usedBy: (users) =>
      `Χρησιμοποιείται από: ${users
        .map((user) => `${USER_KIND_EL[user.kind]} «${user.kind === 'initialWorld' ? 'τρέχουσα έκδοση' : user.name}»`)
        .join(', ')}`,
    ruleAlreadyFirst: 'Αυτός ο κανόνας είναι ήδη ο πρώτος της σκηνής του',
    ruleAlreadyLast: 'Αυτός ο κανόνας είναι ήδη ο τελευταίος της σκηνής του',
    sceneOrderIncomplete: 'Αναφέρετε κάθε σκηνή του παιχνιδιού ακριβώς μία φορά',
    versionNotFound: 'Η έκδοση του παιχνιδιού δεν βρέθηκε',
    publishedVersionImmutable:
      'Μια δημοσιευμένη έκδοση δεν αλλάζει· επεξεργαστείτε την τρέχουσα έκδοση εργασίας (current)',
    workingVersionOwnerOnly: 'Η ένδειξη «μόνο για τον ιδιοκτήτη» της έκδοσης εργασίας δεν αλλάζει',
    workingVersionNotArchivable: 'Η έκδοση εργασίας δεν αρχειοθετείται',
    versionArchived: 'Αυτή η έκδοση είναι αρχειοθετημένη',
    worldEntryNotFound: 'Το στοιχείο δεν βρέθηκε',
    unknownForm: (form) => `Άγνωστη φόρμα '${form}'`,
  },
  VERSION_MESSAGES: {
    rollbackWorking: 'Η τρέχουσα έκδοση δεν μπορεί να επαναφερθεί στον εαυτό της',
    rollbackArchived: 'Δεν γίνεται επαναφορά σε αρχειοθετημένη έκδοση',
    snapshotNotFound: 'Δεν υπάρχει επαναφορά για αναίρεση',
    lockedEntity: (kind, name, holder) =>
      `Η επαναφορά δεν είναι δυνατή: ${PROBLEM_KIND_EL[kind]} «${name}» — υπό επεξεργασία από ${holder}. Περιμένετε να τελειώσει.`,
  },
  PROBLEM_MESSAGES: {
    noStartScene:
      'Το παιχνίδι δεν έχει ενεργή σκηνή εκτός από τη σκηνή-σύμπαν, οπότε οι παίκτες δεν έχουν από πού να ξεκινήσουν.',
    sceneUnreachable: (p) =>
      `${named(p.scene)}: δεν γίνεται ποτέ τρέχουσα· δεν είναι η πρώτη σκηνή και κανένας κανόνας που μπορεί να ενεργοποιηθεί δεν στέλνει εκεί τους παίκτες${p.map ? ', ούτε μπορούν οι παίκτες να μπουν σε αυτή περπατώντας' : ''}.${p.disabled ? ' Είναι απενεργοποιημένη και δεν ενεργοποιείται ποτέ.' : ''}`,
    locationConditionsNeverHold: (p) =>
      `${named(p.location)}: δεν εμφανίζεται ποτέ· οι συνθήκες της δεν μπορούν ποτέ να ισχύσουν.`,
    locationSceneNeverCurrent: (p) =>
      `${named(p.location)}: δεν εμφανίζεται ποτέ· η σκηνή της δεν γίνεται ποτέ τρέχουσα.`,
    interactionUnreachable: (p) =>
      `${named(p.entity)}: δεν εμφανίζεται ποτέ· κανένας κανόνας, διάλογος ή αντικείμενο που μπορεί να εκτελεστεί δεν την εμφανίζει.`,
    missionUnreachable: (p) =>
      `${named(p.entity)}: δεν ανατίθεται ποτέ· κανένας κανόνας, διάλογος ή αντικείμενο που μπορεί να εκτελεστεί δεν την αναθέτει.`,
    milestoneUnreachable: (p) =>
      `${named(p.entity)}: δεν μπορεί ποτέ να επιτευχθεί· οι συνθήκες του δεν μπορούν ποτέ να ισχύσουν.`,
    gameCannotEnd:
      'Κανένας παίκτης δεν μπορεί ποτέ να τελειώσει το παιχνίδι: κανένας κανόνας, διάλογος ή αντικείμενο που μπορεί να εκτελεστεί δεν το ολοκληρώνει (Ολοκλήρωση παιχνιδιού).',
    missingReference: (p) =>
      `${named(p.owner)}: αναφέρεται ${
        p.place.in === 'condition'
          ? `σε στοιχείο (${PROBLEM_KIND_EL[p.kind].toLowerCase()}) μιας συνθήκης`
          : p.place.in === 'action'
            ? `σε στοιχείο (${PROBLEM_KIND_EL[p.kind].toLowerCase()}) στην ενέργεια ${p.place.action}`
            : 'σε σκηνή'
      } που δεν υπάρχει πια (${p.kind} ${p.id}).`,
    neverGiven: (p) => `${named(p.entity)}: χρειάζεται (${names(p.owners)}) αλλά δεν δίνεται ποτέ στους παίκτες.`,
    currencyNeverGiven: (p) =>
      `Κάποια πράγματα κοστίζουν ή απαιτούν ${p.currency || 'νόμισμα'}, αλλά τίποτα δεν δίνει ποτέ ${p.currency || 'νόμισμα'} στους παίκτες.`,
    ruleContradictory: (p) =>
      `${named(p.rule)}: δεν μπορεί ποτέ να εκτελέσει τα αποτελέσματά του· οι προϋποθέσεις του αντιφάσκουν μεταξύ τους ή με το έναυσμά του (π.χ. έχει το Χ και δεν έχει το Χ).`,
    ruleInUnreachableScene: (p) =>
      `${named(p.rule)}: δεν ενεργοποιείται ποτέ· η σκηνή του «${p.scene}» δεν γίνεται ποτέ τρέχουσα.`,
    ruleTriggerOtherScene: (p) =>
      `${named(p.rule)}: δεν ενεργοποιείται ποτέ· ανήκει στη σκηνή «${p.scene}» αλλά το έναυσμά του είναι τοποθεσία της σκηνής «${p.placeScene}», που δεν είναι ποτέ τρέχουσα ταυτόχρονα.`,
    ruleTriggerImpossible: (p) =>
      `${named(p.rule)}: δεν ενεργοποιείται ποτέ· αυτό που περιμένει το έναυσμά του${p.awaited ? ` (${named(p.awaited)})` : ''} δεν μπορεί ποτέ να συμβεί.`,
    ruleShadowed: (p) =>
      `${named(p.rule)}: έχει το ίδιο έναυσμα και τις ίδιες προϋποθέσεις με: ${named(p.twin)}${p.fireOnce ? ' (μία φορά)' : ''}· ενεργοποιούνται μαζί, οπότε ο ένας περισσεύει ή πρέπει να συγχωνευθούν.`,
    questionNoCorrectAnswer: (p) =>
      `${named(p.interaction)}: δεν έχει σωστή απάντηση, όμως ${names(p.owners)} περιμένει να την περάσει ένας παίκτης· αυτό δεν μπορεί ποτέ να συμβεί.`,
    quizWithoutQuestions: (p) =>
      `${named(p.interaction)}: δεν έχει ερωτήσεις, οπότε κανένας παίκτης δεν μπορεί να την ολοκληρώσει.`,
    quizQuestionWithoutOptions: (p) =>
      `${named(p.interaction)}: έχει ερώτηση πολλαπλής επιλογής χωρίς επιλογές, οπότε κανένας παίκτης δεν μπορεί να την ολοκληρώσει.`,
    missionCannotAccomplish: (p) =>
      `${named(p.mission)}: δεν μπορεί ποτέ να ολοκληρωθεί· ο τρόπος ολοκλήρωσής της αντιφάσκει ή είναι κενός.`,
    missionAccomplishmentUnreachable: (p) =>
      `${named(p.mission)}: ανατίθεται αλλά δεν μπορεί ποτέ να ολοκληρωθεί· αυτό που χρειάζεται η ολοκλήρωσή της δεν συμβαίνει ποτέ.`,
    sceneTooSmall: (p) =>
      `${named(p.scene)}: έχει ακτίνα ${p.radius} m, μικρότερη από την ακρίβεια του GPS (${p.accuracy} m)· οι παίκτες μπορεί να μη φανούν ποτέ μέσα της.`,
    placeTooSmall: (p) =>
      `${named(p.location)}: έχει ακτίνα ${p.radius} m, μικρότερη από την ακρίβεια του GPS (${p.accuracy} m)· οι παίκτες μπορεί να την περάσουν χωρίς να μπουν.`,
    sceneWalkInSkipsScript: (p) =>
      `${named(p.scene)}: μπαίνει κανείς σε αυτήν περπατώντας μέσα στον κύκλο της, και το σενάριο οδηγεί επίσης εκεί· ένας παίκτης που μπαίνει νωρίτερα παρακάμπτει την ιστορία πριν από αυτήν. Διαλέξτε «Από το σενάριο» στη φόρμα της σκηνής, εκτός αν αυτό θέλετε.`,
    locationOutsideScene: (p) => `${named(p.location)}: βρίσκεται έξω από τον κύκλο της σκηνής της «${p.scene}».`,
    geofencesOverlap: (p) =>
      `${named(p.location)}: επικαλύπτεται με: ${named(p.other)}· ένας παίκτης που μπαίνει στην επικάλυψη ενεργοποιεί τους κανόνες και των δύο μαζί.`,
    objectOutsideScenes: (p) =>
      `${p.offer ? 'Η προσφορά' : 'Το αντικείμενο'} «${p.name}» του αρχικού κόσμου βρίσκεται έξω από κάθε σκηνή· οι παίκτες θα το βρουν μόνο τυχαία.`,
    missingText: (p) =>
      `${named(p.entity)}: δεν έχει ${MISSING_TEXT_EL[p.part](p.index ?? 1)} στη γλώσσα του παιχνιδιού.`,
    gameWithoutTitle: 'Το παιχνίδι δεν έχει τίτλο στη γλώσσα του.',
    gameDefaultDescription:
      'Η περιγραφή του παιχνιδιού είναι ακόμη το κείμενο-παράδειγμα ενός νέου παιχνιδιού: οι παίκτες τη διαβάζουν στην είσοδο. Γράψτε τη δική σας στις Ρυθμίσεις → Περιγραφή.',
    missingMedia: (p) =>
      `${named(p.entity)}: χρησιμοποιεί πολυμέσο που δεν υπάρχει στη βιβλιοθήκη πολυμέσων του παιχνιδιού (${p.id}).`,
    gameMissingMedia: (p) =>
      `Το παιχνίδι χρησιμοποιεί πολυμέσο που δεν υπάρχει στη βιβλιοθήκη πολυμέσων του (${p.id}).`,
    untranslated: (p) =>
      `${named(p.entity)}: ${p.count === 1 ? '1 κείμενο δεν έχει' : `${p.count} κείμενα δεν έχουν`} ακόμη μεταφραστεί στα ${languageNameEl(p.language)}${p.required ? ', που πρέπει να είναι πλήρη πριν από τη δημοσίευση' : ''}.`,
    gameUntranslated: (p) =>
      `Στις ρυθμίσεις του παιχνιδιού ${p.count === 1 ? '1 κείμενο δεν έχει' : `${p.count} κείμενα δεν έχουν`} ακόμη μεταφραστεί στα ${languageNameEl(p.language)}${p.required ? ', που πρέπει να είναι πλήρη πριν από τη δημοσίευση' : ''}.`,
    publishBlocked: (count) =>
      count === 1
        ? 'Αυτό το παιχνίδι έχει 1 πρόβλημα που εμποδίζει τη δημοσίευση. Διορθώστε το στο πλαίσιο «Προβλήματα» και δημοσιεύστε ξανά.'
        : `Αυτό το παιχνίδι έχει ${count} προβλήματα που εμποδίζουν τη δημοσίευση. Διορθώστε τα στο πλαίσιο «Προβλήματα» και δημοσιεύστε ξανά.`,
  },
  QR_TEXTS: {
    title: 'Λήψη κωδικού QR',
    deepLinkTab: 'Ως σύνδεσμος (deep link)',
    textCodeTab: 'Ως κωδικός κειμένου στην εφαρμογή',
    linkCopied: 'Ο σύνδεσμος αντιγράφηκε',
  },
  PLAY_MESSAGES: {
    tooManyEvents: 'Πολύ γρήγορα — περιμένετε λίγο και δοκιμάστε ξανά',
    wrongPasscode: 'Λάθος κωδικός εισόδου',
    tooManyPasscodes: 'Πάρα πολλοί λάθος κωδικοί εισόδου — περιμένετε ένα λεπτό και δοκιμάστε ξανά',
    passcodeRequired: 'Αυτό το παιχνίδι χρειάζεται κωδικό εισόδου',
    notStartedYet: 'Αυτό το παιχνίδι δεν έχει ξεκινήσει ακόμη',
    periodEnded: 'Η περίοδος παιχνιδιού αυτού του παιχνιδιού έχει λήξει',
    newInstancesNotAllowed: 'Αυτή η έκδοση του παιχνιδιού δεν δέχεται νέους παίκτες',
    sharedWorldEnded: 'Το κοινό παιχνίδι αυτής της έκδοσης έχει τελειώσει και η έκδοση δεν ξεκινά άλλο',
    notAuthorised: 'Δεν επιτρέπεται να παίξετε αυτό το παιχνίδι',
    designerOnlyVersion: 'Μόνο οι σχεδιαστές αυτού του παιχνιδιού μπορούν να παίξουν αυτή την έκδοση',
    workingVersionOnly:
      'Μόνο οι σχεδιαστές και οι εξουσιοδοτημένοι δοκιμαστές αυτού του παιχνιδιού μπορούν να παίξουν την έκδοση εργασίας του',
    otherDevice: 'Παίζετε αυτό το παιχνίδι σε άλλη συσκευή',
    instanceNotActive: 'Αυτό το στιγμιότυπο παιχνιδιού δεν είναι πλέον ενεργό',
    instanceNotFound: 'Το στιγμιότυπο παιχνιδιού δεν βρέθηκε',
    notPublished: 'Αυτό το παιχνίδι δεν είναι δημοσιευμένο',
    versionArchived: 'Αυτή η έκδοση του παιχνιδιού είναι αρχειοθετημένη',
    versionNotFound: 'Η έκδοση του παιχνιδιού δεν βρέθηκε',
    notAPlayer: 'Δεν είστε παίκτης αυτού του στιγμιότυπου παιχνιδιού',
    noRankings: 'Αυτό το παιχνίδι δεν έχει κατάταξη',
    rankingsAfterEnd: 'Η κατάταξη εμφανίζεται μόλις τελειώσει το παιχνίδι σας',
    restartWorkingOnly: 'Μόνο ένα δοκιμαστικό παιχνίδι της έκδοσης εργασίας μπορεί να ξεκινήσει από την αρχή',
    gameArchived: 'Αυτό το παιχνίδι έχει αρχειοθετηθεί.',
    unknownUpload: 'Ανεβάστε πρώτα τη φωτογραφία, το βίντεο ή τον ήχο της υποβολής σας',
    adultsOnly:
      'Αυτό το παιχνίδι είναι μόνο για ενηλίκους: προσθέστε την ημερομηνία γέννησής σας στη σελίδα του λογαριασμού σας',
    sexRequired: 'Αυτό το παιχνίδι ζητά το φύλο σας: προσθέστε το στη σελίδα του λογαριασμού σας',
    tooYoung: (minAge) => `Αυτό το παιχνίδι είναι για παίκτες ${minAge} ετών και άνω`,
    tooOld: (maxAge) => `Αυτό το παιχνίδι είναι για παίκτες έως ${maxAge} ετών`,
    termsNotAccepted: 'Αποδεχτείτε τους όρους αυτού του παιχνιδιού για να ξεκινήσετε',
    alreadyFinished: 'Έχετε τελειώσει αυτό το παιχνίδι, και δεν μπορεί να παιχτεί ξανά',
    playAgainNotChosen:
      'Έχετε τελειώσει αυτό το παιχνίδι: επιλέξτε «Παίξτε ξανά» για να ξεκινήσει ένα νέο παιχνίδι από την αρχή',
    playerNotFound: 'Αυτός ο παίκτης δεν παίζει σε αυτό το στιγμιότυπο',
    photoRequired: 'Αυτό το παιχνίδι ζητά τη φωτογραφία σας: προσθέστε τη στη σελίδα του λογαριασμού σας',
  },
  OPERATION_MESSAGES: {
    instanceNotFound: 'Το στιγμιότυπο παιχνιδιού δεν βρέθηκε',
    versionNotFound: 'Η έκδοση του παιχνιδιού δεν βρέθηκε',
    alreadyTerminated: 'Αυτό το στιγμιότυπο παιχνιδιού έχει ήδη τερματιστεί',
    periodNotEnded: 'Η περίοδος παιχνιδιού δεν έχει λήξει: τα στιγμιότυπα μπορούν να λήξουν μόνο μετά το τέλος της',
    messageRequired: 'Γράψτε ένα μήνυμα',
    worldItemNotFound: 'Αυτό το αντικείμενο ή η προσφορά δεν είναι στον κόσμο του στιγμιότυπου',
    badWorldItemKey: "Το κλειδί πρέπει να είναι 'has.object.{sceneId}.{id}' ή 'has.offer.{sceneId}.{id}'",
    playerNotFound: 'Αυτός ο παίκτης δεν είναι σε ενεργό στιγμιότυπο αυτού του παιχνιδιού',
    noTimeLimit: 'Το παιχνίδι αυτού του παίκτη δεν έχει χρονικό όριο',
    clockNotActive: 'Το ρολόι ενός στιγμιότυπου που έχει τελειώσει δεν αλλάζει',
    clockRateOnlyPlaytest: 'Μόνο το ρολόι μιας δοκιμής παιχνιδιού μπορεί να τρέχει γρήγορα',
    scheduledInPast: 'Αυτή η ώρα έχει ήδη περάσει: επιλέξτε μια μεταγενέστερη',
    scheduledMessageNotFound: 'Αυτό το προγραμματισμένο μήνυμα δεν ανήκει σε αυτό το στιγμιότυπο',
    scheduledMessageDone: 'Αυτό το μήνυμα έχει ήδη σταλεί ή ακυρωθεί',
    scheduleNotActive: 'Δεν μπορούν να προγραμματιστούν μηνύματα σε στιγμιότυπο που έχει τελειώσει',
  },
  OPERATION_TEXTS: {
    messageSent: 'Το μήνυμα στάλθηκε!',
    commandSent: 'Η εντολή στάλθηκε επιτυχώς!',
    allInstancesDeleted: 'Όλα τα στιγμιότυπα διαγράφηκαν επιτυχώς',
    playingPeriodUpdated: 'Η περίοδος παιχνιδιού ενημερώθηκε',
    worldStateUpdated: 'Η κατάσταση του κόσμου ενημερώθηκε',
    itemDeleted: 'Το στοιχείο διαγράφηκε',
    instanceTerminated: 'Το στιγμιότυπο παιχνιδιού τερματίστηκε επιτυχώς',
    instanceDeleted: 'Το στιγμιότυπο παιχνιδιού διαγράφηκε επιτυχώς',
    periodWarning: 'Προσοχή! Θα ενημερωθούν όλα τα στιγμιότυπα της ίδιας έκδοσης του παιχνιδιού.',
    synchronousWarning: 'Ένα σύγχρονο μήνυμα φτάνει μόνο σε παίκτες που είναι συνδεδεμένοι με την εφαρμογή ανοιχτή.',
    noInstances: 'Δεν βρέθηκαν στιγμιότυπα',
    errorSendingMessage: 'Σφάλμα κατά την αποστολή του μηνύματος',
    errorApplyingExpiration: 'Σφάλμα κατά την εφαρμογή της λήξης στα στιγμιότυπα',
    errorDeletingInstances: (gameId) => `Σφάλμα κατά τη διαγραφή των στιγμιότυπων του παιχνιδιού ${gameId}`,
    errorSavingVersionPeriod: (versionId) =>
      `Σφάλμα κατά την αποθήκευση της περιόδου παιχνιδιού για την έκδοση ${versionId}`,
    errorSavingPeriod: 'Σφάλμα κατά την αποθήκευση της περιόδου παιχνιδιού',
    errorSettingWorldState: 'Σφάλμα κατά τον ορισμό της κατάστασης του κόσμου',
    errorDeletingItem: (key) => `Σφάλμα κατά τη διαγραφή του στοιχείου ${key}`,
    errorTerminating: 'Σφάλμα κατά τον τερματισμό του στιγμιότυπου παιχνιδιού',
    errorDeletingInstance: 'Σφάλμα κατά τη διαγραφή του στιγμιότυπου παιχνιδιού',
    errorRetrievingInstance: 'Σφάλμα κατά την ανάκτηση της αρχικής κατάστασης του παιχνιδιού',
  },
  DEBUG_MESSAGES: {
    payloadValidation: 'Ο έλεγχος του περιεχομένου απέτυχε. Ελέγξτε τις τιμές και δοκιμάστε ξανά.',
    reservedEvent: 'Αυτό το όνομα είναι δεσμευμένο από το Socket.IO',
    roomForbidden: 'Μπορείτε να στέλνετε μόνο στο δικό σας δωμάτιο ή σε στιγμιότυπα παιχνιδιών που διαχειρίζεστε',
  },
  REALTIME_MESSAGES: {
    noToken: 'Δεν έχετε συνδεθεί',
    badToken: 'Η συνεδρία σας έχει λήξει ή δεν είναι έγκυρη. Συνδεθείτε ξανά',
    tooManySockets:
      'Αυτός ο λογαριασμός έχει πάρα πολλές ανοιχτές συνδέσεις. Κλείστε το Loci σε άλλη καρτέλα ή συσκευή και δοκιμάστε ξανά',
    tooManyHandshakes: 'Πάρα πολλές προσπάθειες σύνδεσης από τη διεύθυνσή σας. Περιμένετε ένα λεπτό και δοκιμάστε ξανά',
    outdatedClient: 'Το Loci ενημερώθηκε. Φορτώστε ξανά τη σελίδα για να συνεχίσετε να λαμβάνετε ζωντανές ενημερώσεις',
  },
  RESCUE_MESSAGES: {
    unknownAsset: 'Άγνωστο αντικείμενο ή δεξιότητα',
    holdsOnly: (units) => `Ο παίκτης έχει μόνο ${units}`,
    unknownAttribute: 'Άγνωστη δεξιότητα',
    unknownScene: 'Άγνωστη σκηνή',
    unknownMission: 'Άγνωστη αποστολή',
    unknownMilestone: 'Άγνωστο ορόσημο',
    unknownRule: 'Άγνωστος κανόνας',
    notFireOnce: 'Αυτός ο κανόνας δεν ενεργοποιείται μία φορά (fireOnce)',
    noDialog: 'Δεν υπάρχει ανοιχτό παράθυρο διαλόγου σε αυτή τη θέση',
    chooseMember: 'Επιλέξτε το μέλος της ομάδας που θα τοποθετηθεί',
    unknownMember: 'Κανένα μέλος αυτής της ομάδας δεν έχει συνδεθεί με αυτό το όνομα',
    notTeam: 'Αυτός ο παίκτης παίζει μόνος: δεν υπάρχει μέλος για να επιλέξετε',
  },
  WATCH_MESSAGES: {
    invalid: 'Στείλτε { instanceId } για να παρακολουθήσετε ένα στιγμιότυπο',
    forbidden: 'Μπορείτε να παρακολουθείτε μόνο στιγμιότυπα στα οποία παίζετε ή των οποίων το παιχνίδι διαχειρίζεστε',
    invalidPlayer: 'Στείλτε { instanceId, playerId } για να δείτε την οθόνη ενός παίκτη',
    playerNotFound: 'Ο παίκτης δεν βρέθηκε σε αυτό το στιγμιότυπο',
    playerForbidden: 'Μόνο οι χειριστές του παιχνιδιού (δικαίωμα διαχείρισης) μπορούν να δουν την οθόνη ενός παίκτη',
  },
  TRADE_MESSAGES: {
    TRADING_OFF: 'Αυτό το παιχνίδι δεν επιτρέπει ανταλλαγές μεταξύ παικτών',
    EMPTY_TRADE: 'Δώστε ή ζητήστε κάτι',
    NOT_TRADABLE: 'Αυτό δεν ανταλλάσσεται',
    NOT_OWNED: 'Δεν τα έχει πλέον όλα όποιος τα δίνει σε αυτή την ανταλλαγή',
    LIMIT_REACHED: 'Αυτή η ανταλλαγή θα ξεπερνούσε το όριο ενός αντικειμένου',
    NOT_YOUR_SIDE: 'Αυτό το κάνει ο άλλος παίκτης της ανταλλαγής',
    TRADE_NOT_FOUND: 'Δεν υπάρχει τέτοια ανταλλαγή',
    TRADE_CLOSED: 'Αυτή η ανταλλαγή έχει ήδη κλείσει',
    UNKNOWN_PLAYER: 'Δεν υπάρχει τέτοιος παίκτης σε αυτό το παιχνίδι',
    TOO_MANY_OPEN_TRADES: `Έχετε ${MAX_OPEN_TRADES_PER_PLAYER} ανοιχτές προτάσεις ανταλλαγής: ακυρώστε μία ή περιμένετε πρώτα μια απάντηση`,
    PLAYER_NOT_TRADING: 'Ένας παίκτης αυτής της ανταλλαγής δεν μπορεί να ανταλλάξει τώρα',
  },
  MEDIA_MESSAGES: {
    titleRequired: 'Πρέπει να δώσετε τίτλο',
    titleTooLong: `Ο τίτλος μπορεί να έχει έως ${MEDIA_TITLE_MAX_LENGTH} χαρακτήρες`,
    noMedia: 'Δεν υπάρχουν πολυμέσα',
    noMediaSelected: 'Δεν επιλέχθηκε πολυμέσο',
    noGameId: 'Δεν υπάρχει αναγνωριστικό παιχνιδιού',
    uploaded: 'Το πολυμέσο ανέβηκε',
    saved: 'Το πολυμέσο αποθηκεύτηκε',
    deleted: 'Το πολυμέσο διαγράφηκε',
    confirmDelete: 'Είστε σίγουροι;',
    tooLargeTitle: 'Πολύ μεγάλο αρχείο!',
    tooLarge: (type, file, limit) =>
      `Το αρχείο ${file} (${MEDIA_TYPE_EL[type]}) ξεπερνά τα ${limit / MEGABYTE} MB που επιτρέπονται`,
    notAccepted: (file) => `Το ${file} δεν είναι αρχείο png, jpeg, ήχου ή βίντεο`,
    notAnImage: (file) => `Το ${file} δεν είναι εικόνα png ή jpeg`,
    playerUploadQuota: `Έχετε ανεβάσει τα περισσότερα που δέχεται αυτό το παιχνίδι από έναν παίκτη (${PLAYER_UPLOAD_LIMITS.perPlayer.count} αρχεία ή ${PLAYER_UPLOAD_LIMITS.perPlayer.bytes / MEGABYTE} MB)`,
    instanceUploadQuota: `Αυτό το παιχνίδι έχει δεχτεί όσα αρχεία μπορεί (${PLAYER_UPLOAD_LIMITS.perInstance.count} αρχεία ή ${PLAYER_UPLOAD_LIMITS.perInstance.bytes / MEGABYTE} MB)`,
    tooManyUploads: 'Πάρα πολλά ανεβάσματα — περιμένετε ένα λεπτό και δοκιμάστε ξανά',
    tooManyPixels: (file) =>
      `Η εικόνα ${file} έχει περισσότερα από τα ${MEDIA_MAX_MEGAPIXELS} megapixel που επιτρέπονται`,
  },
  MEDIA_UPLOAD_MESSAGES: {
    noFile: 'Δεν ανέβηκε κανένα αρχείο',
    notFound: 'Το πολυμέσο δεν βρέθηκε',
  },
  BUNDLE_MESSAGES: {
    noFile: 'Επιλέξτε ένα αρχείο πακέτου (.loci.zip) για εισαγωγή',
    tooLarge: `Το πακέτο ξεπερνά τα ${BUNDLE_LIMITS.fileBytes / MEGABYTE} MB που επιτρέπονται`,
    notZip: 'Αυτό το αρχείο δεν είναι πακέτο παιχνιδιού Loci (δεν είναι αρχείο zip)',
    truncated: 'Το πακέτο είναι κατεστραμμένο ή ελλιπές',
    tooManyEntries: `Το πακέτο περιέχει περισσότερα από ${BUNDLE_LIMITS.entries} αρχεία`,
    unpackedTooLarge: `Το πακέτο αποσυμπιέζεται σε περισσότερα από ${BUNDLE_LIMITS.totalBytes / MEGABYTE} MB`,
    compressionBomb: (name) => `Το στοιχείο ${name} του πακέτου συμπιέζεται ύποπτα καλά (βόμβα zip;)`,
    badEntryName: (name) => `Το στοιχείο ${name} του πακέτου έχει όνομα που ένα πακέτο δεν έχει ποτέ`,
    noManifest: 'Το πακέτο δεν έχει manifest.json',
    notBundle: 'Αυτό το αρχείο zip δεν είναι πακέτο παιχνιδιού Loci',
    newerVersion: (version) =>
      `Αυτό το πακέτο φτιάχτηκε από νεότερο Loci (έκδοση πακέτου ${version}· αυτός ο διακομιστής διαβάζει έως ${BUNDLE_SCHEMA_VERSION})`,
    newerSpecVersion: (version, specVersion) =>
      `Η δημοσιευμένη έκδοση ${version} αυτού του πακέτου φτιάχτηκε από νεότερο Loci (έκδοση προδιαγραφής παιχνιδιού ${specVersion}· αυτός ο διακομιστής διαβάζει έως ${GAME_SPEC_SCHEMA_VERSION})`,
    invalid: 'Το περιεχόμενο του πακέτου δεν είναι έγκυρο',
    missingMedia: (name) => `Το πακέτο αναφέρει το αρχείο πολυμέσου ${name} αλλά δεν το περιέχει`,
    mediaMismatch: (name) => `Το αρχείο πολυμέσου ${name} δεν είναι αυτό που λέει το πακέτο`,
    mediaNotAccepted: (name) => `Το αρχείο πολυμέσου ${name} δεν είναι αρχείο png, jpeg, ήχου ή βίντεο`,
    mediaTooLarge: (name) => `Το αρχείο πολυμέσου ${name} ξεπερνά το μέγεθος που επιτρέπει ο τύπος του`,
    missingReference: (where, kind, id) => `${where}: αναφέρεται σε ${kind} (${id}) που λείπει από το πακέτο`,
    duplicateEntity: (kind, name) => `Το πακέτο περιέχει δύο στοιχεία ${kind} με το όνομα ${name}`,
    invalidValue: (where, field, message) => `${where}, ${field}: ${message}`,
    imported: (title) => `Το παιχνίδι ${title} εισήχθη`,
    exported: 'Το πακέτο κατέβηκε',
  },
  JOIN_CODE_MESSAGES: {
    required: 'Πληκτρολογήστε ή σαρώστε έναν κωδικό',
    notFound: 'Κανένα παιχνίδι δεν αντιστοιχεί σε αυτόν τον κωδικό',
    ambiguous: 'Πολλά παιχνίδια αντιστοιχούν σε αυτόν τον κωδικό: ζητήστε τον σύνδεσμο παιχνιδιού τους',
    tooMany: 'Πάρα πολλές προσπάθειες — περιμένετε ένα λεπτό και δοκιμάστε ξανά',
  },
  LOCK_MESSAGES: {
    heldByOther:
      'Αυτό το στοιχείο επεξεργάζεται αυτή τη στιγμή άλλος χρήστης. Περιμένετε να τελειώσει πριν κάνετε αλλαγές',
    lost: 'Κρατήσατε αυτό το στοιχείο κλειδωμένο για πολύ ώρα... Λυπούμαστε, αλλά το κλείδωμα αποδεσμεύτηκε. Φορτώστε ξανά τη σελίδα για να δοκιμάσετε ξανά',
  },
  LOCK_REQUEST_MESSAGES: {
    gameRequired: 'Δηλώστε το παιχνίδι στο οποίο ανήκει αυτό το στοιχείο',
    gameMismatch: 'Ένα κλείδωμα παιχνιδιού έχει ως αναγνωριστικό το ίδιο το παιχνίδι',
  },
  TEXT_LIMIT_MESSAGES: {
    tooLong: (max) => `Έως ${max} χαρακτήρες`,
  },
  REPLAY_MESSAGES: {
    notRecorded: 'Αυτό το παιχνίδι καταγράφηκε πριν υπάρξει η επανάληψη: τα γεγονότα του δεν μπορούν να επαναληφθούν',
    playerNotFound: 'Δεν υπάρχει τέτοιος παίκτης σε αυτό το στιγμιότυπο',
  },
  JUDGING_MESSAGES: {
    submissionNotFound: 'Αυτή η υποβολή δεν ανήκει σε αυτό το στιγμιότυπο του παιχνιδιού',
    alreadyJudged: 'Κάποιος άλλος έκρινε πρώτος αυτή την υποβολή',
    reasonRequired: 'Πείτε γιατί απορρίπτεται η υποβολή',
    notApproved: 'Μόνο μια εγκεκριμένη υποβολή μπορεί να αποσυρθεί',
  },
  TEAM_MESSAGES: {
    sizeOrder: 'Το μικρότερο μέγεθος ομάδας δεν μπορεί να είναι μεγαλύτερο από το μεγαλύτερο',
    namesOrCount: 'Πληκτρολογήστε τα ονόματα των ομάδων ή πείτε πόσες ομάδες να φτιαχτούν',
    tooManyTeams: `Έως ${TEAM_LIMITS.maxTeams} ομάδες`,
    duplicateName: 'Δύο ομάδες δεν μπορούν να έχουν το ίδιο όνομα',
    classListEmpty: 'Η λίστα της τάξης δεν έχει γραμμές',
    classListTooLong: `Έως ${TEAM_LIMITS.maxClassList} γραμμές`,
    classListBadRows: (count) =>
      count === 1 ? 'Μία γραμμή της λίστας δεν διαβάζεται' : `${count} γραμμές της λίστας δεν διαβάζονται`,
    rowNameMissing: (row) => `Γραμμή ${row}: λείπει το όνομα`,
    rowEmailInvalid: (row) => `Γραμμή ${row}: το email δεν είναι διεύθυνση email`,
    rowEmailTwice: (row) => `Γραμμή ${row}: το ίδιο email υπάρχει σε προηγούμενη γραμμή`,
    notTeamGame: 'Αυτό το παιχνίδι δεν παίζεται σε ομάδες',
    notTeamInstance: 'Αυτό το παιχνίδι δεν έχει ομάδες',
    teamNotFound: 'Καμία ομάδα δεν έχει αυτόν τον κωδικό. Ελέγξτε τον με τον διοργανωτή σας.',
    memberNotFound: 'Δεν υπάρχει τέτοιο μέλος',
    teamFull: 'Αυτή η ομάδα είναι πλήρης',
    otherTeam: 'Είστε ήδη σε άλλη ομάδα αυτού του παιχνιδιού',
    teamRequired: 'Αυτό το παιχνίδι παίζεται σε ομάδες: μπείτε πρώτα στην ομάδα σας με τον κωδικό της',
    playersMayNotFormTeams: 'Τις ομάδες τις φτιάχνει ο διοργανωτής: ζητήστε του τον κωδικό της ομάδας σας',
    notPublished: 'Δημοσιεύστε το παιχνίδι πριν φτιάξετε τις ομάδες του',
  },
  WALL_MESSAGES: {
    linkNotFound: 'Αυτός ο σύνδεσμος του τοίχου δεν λειτουργεί. Ζητήστε νέο από τον διοργανωτή.',
    feedOff: 'Αυτό το παιχνίδι δεν έχει ροή',
    likesOff: 'Αυτό το παιχνίδι δεν δέχεται «μου αρέσει» στη ροή του',
    itemNotFound: 'Δεν υπάρχει τέτοια ανάρτηση στη ροή',
    postEmpty: 'Γράψτε πρώτα την ανάρτηση',
  },
  RICH_TEXT_MESSAGES: {
    tooLong: `Πολύ μεγάλο: το μορφοποιημένο κείμενο μπορεί να έχει έως ${RICH_TEXT_MAX_LENGTH.toLocaleString('el-GR')} χαρακτήρες (μαζί με τη μορφοποίησή του)`,
  },
  MESSAGE_MESSAGES: {
    empty: 'Γράψτε ένα μήνυμα',
    tooLong: `Έως ${MESSAGE_LIMITS.maxLength} χαρακτήρες`,
    tooFast: 'Στέλνετε μηνύματα πολύ γρήγορα. Περιμένετε λίγο και δοκιμάστε ξανά',
    organiserOff: 'Τα μηνύματα προς τον διοργανωτή είναι κλειστά σε αυτό το παιχνίδι',
    teamOff: 'Η συνομιλία της ομάδας είναι κλειστή σε αυτό το παιχνίδι',
    noTeam: 'Η συνομιλία της ομάδας είναι για παίκτες μιας ομάδας',
    noRecipient: 'Διαλέξτε ποιος παίρνει το μήνυμα',
  },
};
