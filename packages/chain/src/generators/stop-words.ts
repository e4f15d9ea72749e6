/** English function words that carry no topic signal; the summarizer ignores them when scoring. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost also although always am among an and another any anyone
  anything are aren't around as at be became because become becomes been before being below between both
  but by can can't cannot could couldn't did didn't do does doesn't doing don't done down during each either
  else enough even ever every few first for from further get gets getting give given go goes going got had
  hadn't has hasn't have haven't having he her here hers herself him himself his how however i if in into
  is isn't it it's its itself just least less let like made make makes many may me might more most much must
  my myself need needs neither never new next no nor not nothing now of off often on once one only onto or
  other others otherwise our ours ourselves out over own per perhaps quite rather really same say says see
  seen several shall she should shouldn't since so some something still such than that that's the their
  theirs them themselves then there there's these they they're thing things this those though through thus
  to too two under until up upon us use used uses using very via was wasn't way we well were weren't what
  when where whether which while who whom whose why will with within without won't would wouldn't yet you
  your yours yourself yourselves`.split(/\s+/),
);
