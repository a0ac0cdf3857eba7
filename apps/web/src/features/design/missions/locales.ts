import i18n from '../../../i18n';

// Labels of the mission form; its toasts and messages come from @loci/domain.
i18n.addResourceBundle(
  'en',
  'translation',
  {
    design: {
      missions: {
        newTitle: 'New mission',
        title: 'Mission {{name}}',
        missionTitle: 'Title',
        description: 'Description',
        accomplishment: 'Accomplished',
        accomplishmentTypes: {
          action: 'By a submission',
          condition: 'By a condition',
          submissions: 'By sub-missions',
        },
        notifyPlayer: 'Notify the player when accomplished',
        actionType: 'Submission',
        captureNow: 'Capture now (not from the library)',
        requiredTypes: 'Required',
        textRequired: 'Text',
        mediaRequired: 'Media',
        mediaTypes: 'Possible media types',
        image: 'Image',
        video: 'Video',
        audio: 'Audio',
        condition: 'Accomplished when',
        ordered: 'In order',
        orderedHint: 'The sub-missions must be accomplished one after the other.',
        subMissions: 'Sub-missions',
        subMission: 'Sub-mission {{number}}',
        addSubMission: 'Add sub-mission',
        removeSubMission: 'Remove sub-mission {{number}}',
        moveSubMissionUp: 'Move sub-mission {{number}} up',
        moveSubMissionDown: 'Move sub-mission {{number}} down',
        noSubMissions: 'No sub-missions yet.',
      },
    },
  },
  true,
  false,
);
i18n.addResourceBundle('el', 'translation', { design: { missions: { newTitle: 'Νέα αποστολή' } } }, true, false);
