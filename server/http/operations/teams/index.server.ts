import { listTeamsOperation } from "./list-teams.server";
import { makeTeamOperation } from "./make-team.server";
import { readTeamOperation } from "./read-team.server";
import { renameTeamOperation } from "./rename-team.server";
import { deleteTeamOperation } from "./delete-team.server";
import { inviteByEmailOperation } from "./invite-by-email.server";
import { withdrawInvitationOperation } from "./withdraw-invitation.server";
import { changeMemberOperation } from "./change-member.server";
import { removeMemberOperation } from "./remove-member.server";
import { handTeamOverOperation } from "./hand-team-over.server";
import { readInvitationOperation } from "./read-invitation.server";
import { acceptInvitationOperation } from "./accept-invitation.server";

/** Teams: made, read, renamed and deleted; their members and invitations. Browser sessions only. */
export const teamOperations = [
  listTeamsOperation,
  makeTeamOperation,
  readTeamOperation,
  renameTeamOperation,
  deleteTeamOperation,
  inviteByEmailOperation,
  withdrawInvitationOperation,
  changeMemberOperation,
  removeMemberOperation,
  handTeamOverOperation,
  readInvitationOperation,
  acceptInvitationOperation,
];
