package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/jmoiron/sqlx"
)

// emptyRoster says why a generation picked nobody: the first requirement
// that left no creator (in the prefilter's order), with the counts, and how
// to widen it. p is the generation's prefilter, found the number of
// candidates it returned.
func emptyRoster(ctx context.Context, tx *sqlx.Tx, p Prefilter, b RosterBrief, found int) (requirement, msg string, err error) {
	switch {
	case b.Size <= 0:
		return RequireFree, "No creator was added: the roster's live offers already fill the number of creators asked for; ask for more creators", nil
	case b.Budget < FeeStep:
		return RequireFee, "No creator was added: the live offers already use up the budget; raise the budget", nil
	}
	conds, args := p.conditions()
	cols, where := []string{"count(*)"}, []string{}
	for _, c := range conds {
		where = append(where, c.sql)
		cols = append(cols, "count(*) FILTER (WHERE "+strings.Join(where, " AND ")+")")
	}
	row := tx.QueryRowxContext(ctx, `SELECT `+strings.Join(cols, ", ")+` FROM creators`, args...)
	counts := make([]int64, len(cols))
	ptrs := make([]any, len(cols))
	for i := range counts {
		ptrs[i] = &counts[i]
	}
	if err := row.Scan(ptrs...); err != nil {
		return "", "", fmt.Errorf("count creators: %w", err)
	}
	if counts[0] == 0 {
		return RequireFollowers, "No creator matches: the creator network is empty; import creators first", nil
	}
	for i, c := range conds {
		if counts[i+1] > 0 {
			continue
		}
		of := thousands(counts[i])
		switch c.requirement {
		case RequireFollowers:
			return c.requirement, fmt.Sprintf("No creator matches: 0 of %s creators have at least %s followers", of, thousands(int64(p.followerFloor()))), nil
		case RequireLocation:
			loc := strings.TrimSpace(p.Location)
			return c.requirement, fmt.Sprintf("No creator in %s matches: 0 of %s creators are in %s; widen the location", loc, of, loc), nil
		case RequireNiche:
			return c.requirement, fmt.Sprintf("No creator in the chosen niches matches: 0 of %s creators are in %s; choose more niches", of, strings.Join(p.Niches, ", ")), nil
		case RequireGender:
			return c.requirement, fmt.Sprintf("No creator matches the gender: 0 of %s creators have at least %g%% %s audience; set the gender to any", of, rosterAudienceFloor, p.Gender), nil
		case RequireFee:
			return c.requirement, fmt.Sprintf("No creator fits the budget: 0 of %s creators cost at most %s a post; raise the budget or ask for fewer creators", of, dollars(feeCap(b.Budget, b.Size))), nil
		case RequireQuality:
			return c.requirement, fmt.Sprintf("No creator has the audience-quality reading asked for: 0 of %s creators; lower the minimum or include creators without a reading", of), nil
		case RequireFree:
			return c.requirement, fmt.Sprintf("No new creator matches: all %s matching creators already have an offer on this roster", of), nil
		}
	}
	return RequireFee, fmt.Sprintf("No creator fits the budget: %s creators match, but none fits %s; raise the budget", thousands(int64(found)), dollars(b.Budget)), nil
}

// thousands writes n with thousands separators (1,000).
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		return "-" + thousands(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// dollars writes a whole-dollar amount ($1,250).
func dollars(v float64) string {
	return "$" + thousands(int64(v))
}
