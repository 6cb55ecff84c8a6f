export interface BalanceReading {
  credits: number;
  creditsVersion: number;
}

/**
 * Of two readings of the balance, the one to show: the newer by version. The
 * profile read and the live stream race each other, so a reading that arrives
 * later may still be older; on a tie the incoming reading wins.
 */
export function newerBalance(current: BalanceReading, incoming: BalanceReading): BalanceReading {
  const winner = incoming.creditsVersion >= current.creditsVersion ? incoming : current;
  return { credits: winner.credits, creditsVersion: winner.creditsVersion };
}
