/** Why an operator's rescue action cannot be applied (field errors `actions.{i}.{field}`; no zod here). */
export const RESCUE_MESSAGES = {
  unknownAsset: 'Unknown item or attribute',
  holdsOnly: (units: number) => `The player holds only ${units}`,
  unknownAttribute: 'Unknown attribute',
  unknownScene: 'Unknown scene',
  unknownMission: 'Unknown mission',
  unknownMilestone: 'Unknown milestone',
  unknownRule: 'Unknown rule',
  notFireOnce: 'This rule is not fireOnce',
  noDialog: 'No dialog is open there',
  chooseMember: 'Choose the member of the team to place',
  unknownMember: 'No member of this team has joined under this name',
  notTeam: 'This player plays alone: there is no member to choose',
} as const;
