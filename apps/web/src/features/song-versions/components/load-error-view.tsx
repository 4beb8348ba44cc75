import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconRefresh } from "@tabler/icons-react";
import { Link } from "react-router";
import classes from "./song-versions.module.css";

export interface LoadErrorViewProps {
  title: string;
  message: string;
  retryLabel: string;
  onRetry: () => void;
  isRetrying: boolean;
  back: { to: string; label: string };
  "data-testid"?: string;
}

/** A load failure that may pass: what failed, a retry and a way back. */
export function LoadErrorView({
  title,
  message,
  retryLabel,
  onRetry,
  isRetrying,
  back,
  ...rest
}: LoadErrorViewProps) {
  return (
    <Stack gap="md" data-testid={rest["data-testid"]}>
      <Title order={1}>{title}</Title>
      <Text size="lg" className={classes.dangerText} role="alert">
        {message}
      </Text>
      <Group gap="sm">
        <Button
          onClick={onRetry}
          loading={isRetrying}
          leftSection={<IconRefresh size={20} aria-hidden="true" />}
          data-testid="song-versions-retry"
        >
          {retryLabel}
        </Button>
        <Button
          component={Link}
          to={back.to}
          variant="default"
          leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
        >
          {back.label}
        </Button>
      </Group>
    </Stack>
  );
}
