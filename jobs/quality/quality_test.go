package quality

import (
	"testing"
	"time"
)

var end = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)

func p(x int64) *int64 { return &x }

// flat builds n days of 10,000 followers growing 20 a day (±3), reach 1,000 (±50).
func flat(n int) []Day {
	days := make([]Day, n)
	for i := range days {
		days[i] = Day{Day: end.AddDate(0, 0, i-n), Followers: 10000 + int64(20*i+(i*7)%3), Likes: 50 + int64(i%5),
			Views: p(1500 + int64((i*13)%40)), Reach: p(1000 + int64((i*17)%50)), Engaged: p(40 + int64(i%4))}
	}
	return days
}

func bump(days []Day, from int, by int64) {
	for i := from; i < len(days); i++ {
		days[i].Followers += by
	}
}

func TestSpikes(t *testing.T) {
	cases := []struct {
		name   string
		build  func() []Day
		spikes int
		unexpl bool
	}{
		{"steady growth has no spike", func() []Day { return flat(60) }, 0, false},
		{"a viral day is explained", func() []Day {
			d := flat(60)
			bump(d, 40, 900)
			*d[40].Reach = 9000
			*d[40].Views = 12000
			return d
		}, 1, false},
		{"a bought jump is not", func() []Day {
			d := flat(60)
			bump(d, 40, 900)
			return d
		}, 1, true},
		{"views explain where reach is not reported", func() []Day {
			d := flat(60)
			for i := range d {
				d[i].Reach, d[i].Engaged = nil, nil
			}
			bump(d, 40, 900)
			*d[40].Views = 12000
			return d
		}, 1, false},
		{"a slow drip is unexplained", func() []Day {
			d := flat(60)
			for i := 30; i < 50; i++ {
				bump(d, i, 60)
			}
			return d
		}, 1, true},
		{"growth after days of unreported gains is no spike", func() []Day {
			d := flat(90) // the first 60 days at the earliest known count, as a 30-day follower history leaves them
			for i := 0; i < 59; i++ {
				d[i].Followers = d[59].Followers
			}
			return d
		}, 0, false},
		{"a bought jump after days of unchanged followers is unexplained", func() []Day {
			d := flat(90)
			for i := range d {
				d[i].Followers = 10000
			}
			bump(d, 60, 900)
			return d
		}, 1, true},
		{"a purge is no spike", func() []Day {
			d := flat(60)
			bump(d, 40, -2000)
			return d
		}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := Spikes(c.build())
			if c.spikes == 0 && len(s) != 0 || c.spikes > 0 && len(s) < c.spikes {
				t.Fatalf("spikes %+v, want %d", s, c.spikes)
			}
			if Unexplained(s) != c.unexpl {
				t.Fatalf("unexplained = %v, want %v (%+v)", !c.unexpl, c.unexpl, s)
			}
		})
	}
}

func TestNoReadingUnder30Days(t *testing.T) {
	if _, ok := Read(flat(29), Benchmark{}, nil, end); ok {
		t.Fatal("a reading from 29 days")
	}
	r, ok := Read(flat(30), Benchmark{MedianLiveRate: 0.1}, nil, end)
	if !ok || r.Days != 30 || r.Score < 1 || r.Score > 100 {
		t.Fatalf("reading %+v ok %v", r, ok)
	}
}

func TestBoughtLowersTheReading(t *testing.T) {
	b := Benchmark{MedianLiveRate: 0.1, EngagementPV: []float64{0.01, 0.02, 0.03, 0.04, 0.05}}
	clean, _ := Read(flat(60), b, nil, end)
	d := flat(60)
	bump(d, 40, 900)
	bought, _ := Read(d, b, nil, end)
	if bought.Score >= clean.Score {
		t.Fatalf("bought %d, clean %d", bought.Score, clean.Score)
	}
	if c := bought.Components[1]; c.Key != "follower_spikes" || c.Score >= 100 {
		t.Fatalf("spike component %+v", c)
	}
}

func TestLiveAudience(t *testing.T) {
	d := flat(40)
	c := LiveAudience(d, Benchmark{MedianLiveRate: 0.1})
	if c.Score < 60 || c.Score > 70 { // ~0.1 reach per follower = the median
		t.Fatalf("score %d: %+v", c.Score, c)
	}
	for i := range d {
		d[i].Reach, d[i].Views = nil, nil
	}
	if c := LiveAudience(d, Benchmark{}); c.Score != -1 {
		t.Fatalf("no reach nor views should give no score: %+v", c)
	}
}

func TestEngagementDropAfterJump(t *testing.T) {
	d := flat(60)
	bump(d, 40, 900)
	for i := 41; i < 60; i++ {
		d[i].Likes /= 3
	}
	s := Spikes(d)
	if drop := DropAfterJump(d, s); drop < 0.5 {
		t.Fatalf("drop %v", drop)
	}
	if c := Engagement(d, Benchmark{}, s); c.Score >= Engagement(flat(60), Benchmark{}, Spikes(flat(60))).Score {
		t.Fatalf("a lasting drop should lower engagement: %+v", c)
	}
}

func TestAudienceFit(t *testing.T) {
	out := AudienceFit(Audience{Countries: map[string]float64{"BR": 0.8, "US": 0.1}, Market: []string{"US"}})
	in := AudienceFit(Audience{Countries: map[string]float64{"US": 0.7}, Market: []string{"US"}})
	if out.Score >= in.Score || in.Score != 100 || out.Text != "audience mostly outside the stated market (10 % inside)" {
		t.Fatalf("out %+v in %+v", out, in)
	}
}

func TestGeneratorIsDeterministicAndLabelsHold(t *testing.T) {
	a, b := Generate(7, Bought, 90, end, true), Generate(7, Bought, 90, end, true)
	for i := range a {
		if a[i].Followers != b[i].Followers || *a[i].Reach != *b[i].Reach {
			t.Fatal("same seed, different series")
		}
	}
	miss := map[Pattern]int{}
	for seed := uint64(0); seed < 200; seed++ {
		for _, pat := range Patterns {
			if Unexplained(Spikes(Generate(seed, pat, 90, end, seed%2 == 0))) != pat.ShouldFlag() {
				miss[pat]++
			}
		}
	}
	for _, pat := range []Pattern{Organic, Viral, Bought, Drip} {
		if miss[pat] > 10 { // ≤ 5 %
			t.Errorf("%s: %d of 200 wrong", pat, miss[pat])
		}
	}
}
