package coach

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// LLM is an optional language model behind an OpenAI-compatible chat
// completions endpoint (COACH_LLM_URL, e.g. https://host/v1/chat/completions).
// It gets only the question and the facts the built-in coach computed, and
// its answer is used only when every figure in it comes from those facts.
type LLM struct {
	URL     string
	Model   string
	Key     string        // sent as a bearer token; never logged
	Timeout time.Duration // per request; 10 s when zero
	Client  *http.Client  // http.DefaultClient when nil
}

// systemPrompt asks for an answer grounded in the facts alone.
const systemPrompt = `You are a creator coach. Answer the creator's question in at most five plain sentences, ` +
	`using only the facts given: write every figure exactly as its "text" appears and invent no other number. ` +
	`State the trend before naming a cause. If the facts do not answer the question, say so plainly.`

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatRequest struct {
	Model       string        `json:"model"`
	Messages    []chatMessage `json:"messages"`
	Stream      bool          `json:"stream"`
	Temperature float64       `json:"temperature"`
}

type chatResponse struct {
	Choices []struct {
		Message      chatMessage `json:"message"`
		FinishReason string      `json:"finish_reason"`
	} `json:"choices"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// ErrUngrounded is returned for an answer citing a figure that is not in the facts.
var ErrUngrounded = errors.New("llm answer cites figures not in the facts")

// Reword asks the model to answer question from the reply's facts and
// returns its answer. Any failure (timeout, HTTP error such as 429, a
// malformed or empty answer, an ungrounded figure) is an error, and the
// caller keeps the built-in answer.
func (l *LLM) Reword(ctx context.Context, question string, r Reply) (string, error) {
	facts, err := json.Marshal(r.Facts)
	if err != nil {
		return "", err
	}
	body, _ := json.Marshal(chatRequest{Model: l.Model, Stream: false, Messages: []chatMessage{
		{Role: "system", Content: systemPrompt},
		{Role: "user", Content: "Question: " + question + "\nFacts (JSON): " + string(facts)},
	}})
	timeout := l.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.URL, bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("llm request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if l.Key != "" {
		req.Header.Set("Authorization", "Bearer "+l.Key)
	}
	client := l.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("llm call: %w", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return "", fmt.Errorf("llm read: %w", err)
	}
	var out chatResponse
	jsonErr := json.Unmarshal(raw, &out)
	if res.StatusCode != http.StatusOK {
		msg := http.StatusText(res.StatusCode)
		if jsonErr == nil && out.Error != nil {
			msg = out.Error.Message
		}
		return "", fmt.Errorf("llm status %d: %s", res.StatusCode, msg)
	}
	if jsonErr != nil {
		return "", fmt.Errorf("llm answer malformed: %w", jsonErr)
	}
	if len(out.Choices) == 0 || strings.TrimSpace(out.Choices[0].Message.Content) == "" {
		return "", errors.New("llm answer malformed: no content")
	}
	answer := strings.TrimSpace(out.Choices[0].Message.Content)
	if bad := Ungrounded(answer, question, r.Facts); len(bad) > 0 {
		return "", fmt.Errorf("%w: %s", ErrUngrounded, strings.Join(bad, ", "))
	}
	return answer, nil
}
