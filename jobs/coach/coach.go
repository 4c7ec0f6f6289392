// Package coach is the built-in creator coach: it answers a creator's
// question from their own daily analytics and the creator network's
// benchmarks, deterministically and offline, and labels every figure it uses
// as measured, derived or estimated. An optional language model (llm.go) may
// reword the answer from the same facts.
package coach

import (
	"context"
	"strings"

	"creatorcoach/store"
)

// Fact kinds: measured is read from the platform's data, derived is
// computed from measured figures, estimated is a projection.
const (
	Measured  = "measured"
	Derived   = "derived"
	Estimated = "estimated"
)

// Fact is one figure an answer rests on. Value is a number, or a date
// (YYYY-MM-DD) for days; Text is how the answer writes it.
type Fact struct {
	Label  string `json:"label"`
	Value  any    `json:"value"`
	Unit   string `json:"unit,omitempty"`
	Text   string `json:"text"`
	Kind   string `json:"kind"`
	Period string `json:"period"`
}

// Reply is the coach's answer: plain sentences, the facts behind them and
// follow-up questions.
type Reply struct {
	Answer      string
	Facts       []Fact
	Suggestions []string
	// NoData: the creator's data cannot answer (nothing connected in scope,
	// or no analytics yet); the answer says why and spends no question.
	NoData bool
}

// Peers gives the engagement rate statistics of the network's creators of
// a niche and tier, and the creator's own (store.DB implements it).
type Peers interface {
	PeerEngagement(ctx context.Context, niche, tier, user string) (store.PeerStats, error)
}

// Questions are the questions the coach recognises, in the order the
// browser suggests them first.
var Questions = []string{
	"How am I doing?",
	"Why did my views drop?",
	"Which platform is doing best?",
	"How does my engagement compare to similar creators?",
	"Who is my audience and when should I post?",
	"When will I reach my next follower milestone?",
	"What should I do next?",
	"Why is my audience-quality lower?",
}

// topic is a kind of question; its value indexes Questions.
type topic int

const (
	topicOverview topic = iota
	topicChange
	topicBest
	topicEngagement
	topicAudience
	topicProjection
	topicNext
	topicQuality
	topicUnknown
)

// topicWords recognise a question's topic, tried in this order.
var topicWords = []struct {
	topic topic
	words []string
}{
	{topicQuality, []string{"audience-quality", "audience quality", "quality reading", "quality score", "what brands see",
		"unexplained", "my reading"}},
	{topicProjection, []string{"goal", "reach", "project", "forecast", "when will i", "how long", "milestone", "hit "}},
	{topicChange, []string{"why", "drop", "fell", "fall", "declin", "dip", "lost", "lose", "decreas", "rise", "rose",
		"jump", "spike", "increas", "went up", "went down", "go up", "go down"}},
	{topicBest, []string{"best platform", "which platform", "strongest", "top platform", "compare my platforms",
		"platform is doing best", "platform does best"}},
	{topicEngagement, []string{"engagement", "benchmark", "median", "percentile", "peers", "other creators",
		"similar creators", "compare"}},
	{topicAudience, []string{"audience", "demographic", " age", "gender", "countr", "who watches", "who follows",
		"when should i post", "post", "best day", "what day", "schedule"}},
	{topicNext, []string{"what should i", "next", "advice", "tip", "improve", "recommend", "strategy", "focus", "help me grow"}},
	{topicOverview, []string{"how am i", "doing", "overview", "growth", "growing", "trend", "progress", "summary",
		"performance", "stats", "how are my", "how is my"}},
}

// topicOf recognises a question.
func topicOf(q string) topic {
	q = " " + strings.ToLower(q) + " "
	for _, t := range topicWords {
		for _, w := range t.words {
			if strings.Contains(q, w) {
				return t.topic
			}
		}
	}
	return topicUnknown
}

// Answer answers the entry's question from in. It reads peers only for
// questions that need the network's benchmark; its error is peers' error.
func Answer(ctx context.Context, in *store.CoachInput, peers Peers) (Reply, error) {
	c := newCall(ctx, in, peers)
	t := topicOf(in.Question)
	if msg := c.scopeProblem(); msg != "" {
		c.say(msg)
		r := c.reply(t)
		r.NoData = true
		return r, nil
	}
	var err error
	switch t {
	case topicOverview:
		c.overview(true)
	case topicChange:
		c.change()
	case topicBest:
		c.best()
	case topicEngagement:
		err = c.engagement()
	case topicAudience:
		c.audience()
	case topicProjection:
		c.projection()
	case topicNext:
		err = c.next()
	case topicQuality:
		c.quality()
	default:
		c.say("I'm not sure what you are asking, so here is an overview of your numbers.")
		c.overview(false)
		c.say("You can ask me, for example: " + strings.Join(Questions[1:4], " ") + "")
	}
	if err != nil {
		return Reply{}, err
	}
	return c.reply(t), nil
}

// reply assembles the answer with up to three follow-up questions other
// than the one just answered.
func (c *call) reply(t topic) Reply {
	var next []string
	for i := 1; len(next) < 3 && i <= len(Questions); i++ {
		k := (int(t) + i) % len(Questions)
		if t == topicUnknown {
			k = i - 1
		}
		next = append(next, Questions[k])
	}
	facts := c.facts
	if facts == nil {
		facts = []Fact{}
	}
	return Reply{Answer: strings.Join(c.sentences, " "), Facts: facts, Suggestions: next}
}
