-- +goose Up
-- An entry the creator's data could not answer (no platform connected, the platform asked about not connected, no
-- analytics yet) spends no question: free, shown in its body as "free": true so the browser counts as the server does.
ALTER TABLE chat_entries ADD COLUMN free boolean NOT NULL DEFAULT false;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION chat_entry_body() RETURNS trigger AS $$
BEGIN
    NEW.body := (jsonb_strip_nulls(jsonb_build_object('_id', NEW.id, 'question', NEW.question, 'status', NEW.status,
        'createdAt', NEW.created_at, 'answer', NEW.answer, 'facts', NEW.facts, 'suggestions', NEW.suggestions,
        'answeredAt', NEW.answered_at, 'reason', NEW.reason, 'source', NEW.source, 'jobId', NEW.job_id,
        'free', nullif(NEW.free, false)))
        || jsonb_build_object('platform', nullif(NEW.platform, '')))::json;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql SET timezone TO 'UTC';
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION chat_entry_body() RETURNS trigger AS $$
BEGIN
    NEW.body := (jsonb_strip_nulls(jsonb_build_object('_id', NEW.id, 'question', NEW.question, 'status', NEW.status,
        'createdAt', NEW.created_at, 'answer', NEW.answer, 'facts', NEW.facts, 'suggestions', NEW.suggestions,
        'answeredAt', NEW.answered_at, 'reason', NEW.reason, 'source', NEW.source, 'jobId', NEW.job_id))
        || jsonb_build_object('platform', nullif(NEW.platform, '')))::json;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql SET timezone TO 'UTC';
-- +goose StatementEnd
ALTER TABLE chat_entries DROP COLUMN free;
