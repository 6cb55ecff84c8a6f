import { creditsRefunded } from "#domain/credit-words";

/** What a failed job's toast says of the money: all of it back, or what the images not made cost. */
export function refundNote(job: { refunded: boolean; credits: number; refundedCredits: number }): string {
  if (!job.refunded) return "";
  if (job.refundedCredits >= job.credits) return " You were not charged.";
  return ` ${creditsRefunded(job.refundedCredits)} for the images that were not made.`;
}
