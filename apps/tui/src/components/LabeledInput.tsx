/**
 * A one-line text field with a label; it reads keys only while `isEditing`, and shows its value
 * plainly otherwise. Enter submits, Esc cancels (the screen handles Esc).
 */
import { TextInput } from "@inkjs/ui";
import { Box, Text } from "ink";
import type { FunctionComponent } from "react";
import { useCanReadKeys } from "../hooks/use-keys.ts";
import { useScreen } from "../hooks/use-screen.ts";

export interface LabeledInputProps {
  readonly label: string;
  readonly value: string;
  readonly isEditing: boolean;
  readonly placeholder?: string;
  readonly onChange?: (value: string) => void;
  readonly onSubmit: (value: string) => void;
}

export const LabeledInput: FunctionComponent<LabeledInputProps> = (props) => {
  const canReadKeys = useCanReadKeys();
  // A field on a hidden screen must not take the keys typed on the shown one.
  const { isActive } = useScreen();
  return (
    <Box>
      <Text bold={props.isEditing}>{props.label} </Text>
      {props.isEditing && isActive && canReadKeys ? (
        <TextInput
          defaultValue={props.value}
          placeholder={props.placeholder ?? ""}
          {...(props.onChange === undefined ? {} : { onChange: props.onChange })}
          onSubmit={props.onSubmit}
        />
      ) : (
        <Text dimColor={props.value === ""}>{props.value === "" ? "–" : props.value}</Text>
      )}
    </Box>
  );
};
