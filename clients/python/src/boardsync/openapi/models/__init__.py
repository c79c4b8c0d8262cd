"""Contains all the data models used in inputs/outputs"""

from .account import Account
from .account_projects import AccountProjects
from .account_storage import AccountStorage
from .account_token import AccountToken
from .account_user import AccountUser
from .asset import Asset
from .bag_batch_input import BagBatchInput
from .bag_input import BagInput
from .bag_input_facing_type_0 import BagInputFacingType0
from .bag_input_image_rotation_type_0 import BagInputImageRotationType0
from .bag_write_input import BagWriteInput
from .board_batch_input import BoardBatchInput
from .board_input import BoardInput
from .board_input_facing_type_0 import BoardInputFacingType0
from .board_input_image_rotation_type_0 import BoardInputImageRotationType0
from .board_write_input import BoardWriteInput
from .card_batch_input import CardBatchInput
from .card_input import CardInput
from .card_input_facing_type_0 import CardInputFacingType0
from .card_input_image_rotation_type_0 import CardInputImageRotationType0
from .card_write_input import CardWriteInput
from .change import Change
from .change_action import ChangeAction
from .change_resource import ChangeResource
from .coin_batch_input import CoinBatchInput
from .coin_input import CoinInput
from .coin_input_facing_type_0 import CoinInputFacingType0
from .coin_input_image_rotation_type_0 import CoinInputImageRotationType0
from .coin_write_input import CoinWriteInput
from .component import Component
from .component_facing_type_0 import ComponentFacingType0
from .component_image_rotation import ComponentImageRotation
from .component_spinner_sections_type_0_item import ComponentSpinnerSectionsType0Item
from .counter_batch_input import CounterBatchInput
from .counter_input import CounterInput
from .counter_input_facing_type_0 import CounterInputFacingType0
from .counter_input_image_rotation_type_0 import CounterInputImageRotationType0
from .counter_write_input import CounterWriteInput
from .create_group_body import CreateGroupBody
from .create_group_body_kind import CreateGroupBodyKind
from .create_group_response_200 import CreateGroupResponse200
from .create_group_response_201 import CreateGroupResponse201
from .create_project_body import CreateProjectBody
from .create_project_response_201 import CreateProjectResponse201
from .delete_asset_body import DeleteAssetBody
from .delete_asset_response_200 import DeleteAssetResponse200
from .delete_component_response_200 import DeleteComponentResponse200
from .delete_components_response_200 import DeleteComponentsResponse200
from .delete_components_type import DeleteComponentsType
from .delete_group_response_200 import DeleteGroupResponse200
from .delete_webhook_response_200 import DeleteWebhookResponse200
from .delivery import Delivery
from .delivery_attempt import DeliveryAttempt
from .delivery_detail import DeliveryDetail
from .delivery_detail_status import DeliveryDetailStatus
from .delivery_status import DeliveryStatus
from .dice_batch_input import DiceBatchInput
from .dice_input import DiceInput
from .dice_input_dice_style_type_0 import DiceInputDiceStyleType0
from .dice_input_facing_type_0 import DiceInputFacingType0
from .dice_input_image_rotation_type_0 import DiceInputImageRotationType0
from .dice_input_size_type_0 import DiceInputSizeType0
from .dice_input_size_type_2 import DiceInputSizeType2
from .dice_write_input import DiceWriteInput
from .exchange_token_body_type_0 import ExchangeTokenBodyType0
from .exchange_token_body_type_1 import ExchangeTokenBodyType1
from .exchange_token_response_200 import ExchangeTokenResponse200
from .exchange_token_response_400 import ExchangeTokenResponse400
from .exchange_token_response_401 import ExchangeTokenResponse401
from .exchange_token_response_429 import ExchangeTokenResponse429
from .exchange_token_response_500 import ExchangeTokenResponse500
from .get_authorization_server_metadata_response_200 import (
    GetAuthorizationServerMetadataResponse200,
)
from .get_authorization_server_metadata_response_200_grant_types_supported_item import (
    GetAuthorizationServerMetadataResponse200GrantTypesSupportedItem,
)
from .get_authorization_server_metadata_response_200_revocation_endpoint_auth_methods_supported_item import (
    GetAuthorizationServerMetadataResponse200RevocationEndpointAuthMethodsSupportedItem,
)
from .get_authorization_server_metadata_response_200_scopes_supported_item import (
    GetAuthorizationServerMetadataResponse200ScopesSupportedItem,
)
from .get_authorization_server_metadata_response_200_token_endpoint_auth_methods_supported_item import (
    GetAuthorizationServerMetadataResponse200TokenEndpointAuthMethodsSupportedItem,
)
from .get_changes_head_response_200 import GetChangesHeadResponse200
from .get_project_response_200 import GetProjectResponse200
from .get_webhook_delivery_response_200 import GetWebhookDeliveryResponse200
from .get_webhook_response_200 import GetWebhookResponse200
from .group import Group
from .group_kind import GroupKind
from .group_member import GroupMember
from .group_member_type import GroupMemberType
from .list_assets_response_200 import ListAssetsResponse200
from .list_changes_response_200 import ListChangesResponse200
from .list_changes_response_200_links import ListChangesResponse200Links
from .list_changes_response_200_meta import ListChangesResponse200Meta
from .list_components_response_200 import ListComponentsResponse200
from .list_components_type import ListComponentsType
from .list_groups_include_members import ListGroupsIncludeMembers
from .list_groups_kind import ListGroupsKind
from .list_groups_response_200 import ListGroupsResponse200
from .list_masks_response_200 import ListMasksResponse200
from .list_projects_response_200 import ListProjectsResponse200
from .list_webhook_deliveries_response_200 import ListWebhookDeliveriesResponse200
from .list_webhook_deliveries_status import ListWebhookDeliveriesStatus
from .list_webhooks_response_200 import ListWebhooksResponse200
from .mask_option import MaskOption
from .mask_option_source import MaskOptionSource
from .mirror_asset_from_url_body import MirrorAssetFromUrlBody
from .pack_batch_input import PackBatchInput
from .pack_input import PackInput
from .pack_input_facing_type_0 import PackInputFacingType0
from .pack_input_image_rotation_type_0 import PackInputImageRotationType0
from .pack_write_input import PackWriteInput
from .page_links import PageLinks
from .page_meta import PageMeta
from .page_meta_links_item import PageMetaLinksItem
from .ping_webhook_response_200 import PingWebhookResponse200
from .problem import Problem
from .problem_errors import ProblemErrors
from .project import Project
from .recover_webhook_deliveries_body import RecoverWebhookDeliveriesBody
from .recover_webhook_deliveries_response_202 import RecoverWebhookDeliveriesResponse202
from .redeliver_webhook_delivery_response_202 import RedeliverWebhookDeliveryResponse202
from .register_webhook_body import RegisterWebhookBody
from .register_webhook_body_events_item import RegisterWebhookBodyEventsItem
from .registered_webhook import RegisteredWebhook
from .registered_webhook_events_item import RegisteredWebhookEventsItem
from .replace_group_members_body import ReplaceGroupMembersBody
from .replace_group_members_body_members_item import ReplaceGroupMembersBodyMembersItem
from .replace_group_members_response_200 import ReplaceGroupMembersResponse200
from .replace_group_members_response_200_data import ReplaceGroupMembersResponse200Data
from .replace_group_members_response_200_data_kind import (
    ReplaceGroupMembersResponse200DataKind,
)
from .replace_group_members_response_200_data_member_type import (
    ReplaceGroupMembersResponse200DataMemberType,
)
from .revoke_token_body import RevokeTokenBody
from .revoke_token_body_token_type_hint import RevokeTokenBodyTokenTypeHint
from .revoke_token_response_200 import RevokeTokenResponse200
from .revoke_token_response_400 import RevokeTokenResponse400
from .revoke_token_response_401 import RevokeTokenResponse401
from .rulebook_batch_input import RulebookBatchInput
from .rulebook_input import RulebookInput
from .rulebook_input_facing_type_0 import RulebookInputFacingType0
from .rulebook_input_image_rotation_type_0 import RulebookInputImageRotationType0
from .rulebook_write_input import RulebookWriteInput
from .spinner_batch_input import SpinnerBatchInput
from .spinner_input import SpinnerInput
from .spinner_input_facing_type_0 import SpinnerInputFacingType0
from .spinner_input_image_rotation_type_0 import SpinnerInputImageRotationType0
from .spinner_input_spinner_sections_type_0_item import (
    SpinnerInputSpinnerSectionsType0Item,
)
from .spinner_write_input import SpinnerWriteInput
from .stored_asset import StoredAsset
from .submit_consent_body import SubmitConsentBody
from .submit_consent_body_decision import SubmitConsentBodyDecision
from .submit_consent_body_grant_item import SubmitConsentBodyGrantItem
from .timer_batch_input import TimerBatchInput
from .timer_input import TimerInput
from .timer_input_facing_type_0 import TimerInputFacingType0
from .timer_input_image_rotation_type_0 import TimerInputImageRotationType0
from .timer_write_input import TimerWriteInput
from .token_batch_input import TokenBatchInput
from .token_input import TokenInput
from .token_input_facing_type_0 import TokenInputFacingType0
from .token_input_image_rotation_type_0 import TokenInputImageRotationType0
from .token_write_input import TokenWriteInput
from .update_group_body import UpdateGroupBody
from .update_group_body_kind import UpdateGroupBodyKind
from .update_group_response_200 import UpdateGroupResponse200
from .update_project_body import UpdateProjectBody
from .update_project_response_200 import UpdateProjectResponse200
from .upload_asset_body import UploadAssetBody
from .webhook import Webhook
from .webhook_events_item import WebhookEventsItem
from .write_result import WriteResult
from .write_result_components_item import WriteResultComponentsItem
from .write_result_errors_item import WriteResultErrorsItem

__all__ = (
    "Account",
    "AccountProjects",
    "AccountStorage",
    "AccountToken",
    "AccountUser",
    "Asset",
    "BagBatchInput",
    "BagInput",
    "BagInputFacingType0",
    "BagInputImageRotationType0",
    "BagWriteInput",
    "BoardBatchInput",
    "BoardInput",
    "BoardInputFacingType0",
    "BoardInputImageRotationType0",
    "BoardWriteInput",
    "CardBatchInput",
    "CardInput",
    "CardInputFacingType0",
    "CardInputImageRotationType0",
    "CardWriteInput",
    "Change",
    "ChangeAction",
    "ChangeResource",
    "CoinBatchInput",
    "CoinInput",
    "CoinInputFacingType0",
    "CoinInputImageRotationType0",
    "CoinWriteInput",
    "Component",
    "ComponentFacingType0",
    "ComponentImageRotation",
    "ComponentSpinnerSectionsType0Item",
    "CounterBatchInput",
    "CounterInput",
    "CounterInputFacingType0",
    "CounterInputImageRotationType0",
    "CounterWriteInput",
    "CreateGroupBody",
    "CreateGroupBodyKind",
    "CreateGroupResponse200",
    "CreateGroupResponse201",
    "CreateProjectBody",
    "CreateProjectResponse201",
    "DeleteAssetBody",
    "DeleteAssetResponse200",
    "DeleteComponentResponse200",
    "DeleteComponentsResponse200",
    "DeleteComponentsType",
    "DeleteGroupResponse200",
    "DeleteWebhookResponse200",
    "Delivery",
    "DeliveryAttempt",
    "DeliveryDetail",
    "DeliveryDetailStatus",
    "DeliveryStatus",
    "DiceBatchInput",
    "DiceInput",
    "DiceInputDiceStyleType0",
    "DiceInputFacingType0",
    "DiceInputImageRotationType0",
    "DiceInputSizeType0",
    "DiceInputSizeType2",
    "DiceWriteInput",
    "ExchangeTokenBodyType0",
    "ExchangeTokenBodyType1",
    "ExchangeTokenResponse200",
    "ExchangeTokenResponse400",
    "ExchangeTokenResponse401",
    "ExchangeTokenResponse429",
    "ExchangeTokenResponse500",
    "GetAuthorizationServerMetadataResponse200",
    "GetAuthorizationServerMetadataResponse200GrantTypesSupportedItem",
    "GetAuthorizationServerMetadataResponse200RevocationEndpointAuthMethodsSupportedItem",
    "GetAuthorizationServerMetadataResponse200ScopesSupportedItem",
    "GetAuthorizationServerMetadataResponse200TokenEndpointAuthMethodsSupportedItem",
    "GetChangesHeadResponse200",
    "GetProjectResponse200",
    "GetWebhookDeliveryResponse200",
    "GetWebhookResponse200",
    "Group",
    "GroupKind",
    "GroupMember",
    "GroupMemberType",
    "ListAssetsResponse200",
    "ListChangesResponse200",
    "ListChangesResponse200Links",
    "ListChangesResponse200Meta",
    "ListComponentsResponse200",
    "ListComponentsType",
    "ListGroupsIncludeMembers",
    "ListGroupsKind",
    "ListGroupsResponse200",
    "ListMasksResponse200",
    "ListProjectsResponse200",
    "ListWebhookDeliveriesResponse200",
    "ListWebhookDeliveriesStatus",
    "ListWebhooksResponse200",
    "MaskOption",
    "MaskOptionSource",
    "MirrorAssetFromUrlBody",
    "PackBatchInput",
    "PackInput",
    "PackInputFacingType0",
    "PackInputImageRotationType0",
    "PackWriteInput",
    "PageLinks",
    "PageMeta",
    "PageMetaLinksItem",
    "PingWebhookResponse200",
    "Problem",
    "ProblemErrors",
    "Project",
    "RecoverWebhookDeliveriesBody",
    "RecoverWebhookDeliveriesResponse202",
    "RedeliverWebhookDeliveryResponse202",
    "RegisterWebhookBody",
    "RegisterWebhookBodyEventsItem",
    "RegisteredWebhook",
    "RegisteredWebhookEventsItem",
    "ReplaceGroupMembersBody",
    "ReplaceGroupMembersBodyMembersItem",
    "ReplaceGroupMembersResponse200",
    "ReplaceGroupMembersResponse200Data",
    "ReplaceGroupMembersResponse200DataKind",
    "ReplaceGroupMembersResponse200DataMemberType",
    "RevokeTokenBody",
    "RevokeTokenBodyTokenTypeHint",
    "RevokeTokenResponse200",
    "RevokeTokenResponse400",
    "RevokeTokenResponse401",
    "RulebookBatchInput",
    "RulebookInput",
    "RulebookInputFacingType0",
    "RulebookInputImageRotationType0",
    "RulebookWriteInput",
    "SpinnerBatchInput",
    "SpinnerInput",
    "SpinnerInputFacingType0",
    "SpinnerInputImageRotationType0",
    "SpinnerInputSpinnerSectionsType0Item",
    "SpinnerWriteInput",
    "StoredAsset",
    "SubmitConsentBody",
    "SubmitConsentBodyDecision",
    "SubmitConsentBodyGrantItem",
    "TimerBatchInput",
    "TimerInput",
    "TimerInputFacingType0",
    "TimerInputImageRotationType0",
    "TimerWriteInput",
    "TokenBatchInput",
    "TokenInput",
    "TokenInputFacingType0",
    "TokenInputImageRotationType0",
    "TokenWriteInput",
    "UpdateGroupBody",
    "UpdateGroupBodyKind",
    "UpdateGroupResponse200",
    "UpdateProjectBody",
    "UpdateProjectResponse200",
    "UploadAssetBody",
    "Webhook",
    "WebhookEventsItem",
    "WriteResult",
    "WriteResultComponentsItem",
    "WriteResultErrorsItem",
)
