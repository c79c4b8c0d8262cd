import { OutboxMessage } from '@boardsync/kit';
import { Component } from './component.ts';
import { ComponentGroup } from './component-group.ts';
import { CustomMask } from './custom-mask.ts';
import { GroupMember } from './group-member.ts';
import { Project } from './project.ts';

export const entities = [Project, CustomMask, Component, ComponentGroup, GroupMember, OutboxMessage];
export { Component, ComponentGroup, CustomMask, GroupMember, Project };
