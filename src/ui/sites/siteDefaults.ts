import { REPLACEMENT_ACTIONS, type ReplacementAction } from '../../siting';

/** The action a site added by a click or by coordinates gets; planners can change it by import. */
export const DEFAULT_CLICK_ACTION: ReplacementAction = REPLACEMENT_ACTIONS[0];
