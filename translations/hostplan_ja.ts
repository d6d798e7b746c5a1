<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name>FieldHelp</name>
    <message>
        <source>Unit:</source>
        <translation>単位：</translation>
    </message>
    <message>
        <source>Default:</source>
        <translation>既定値：</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>&amp;Theme</source>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>システム(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>ライト(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>ダーク(&amp;D)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::BreakEvenChart</name>
    <message>
        <source>%1T</source>
        <translation>%1T</translation>
    </message>
    <message>
        <source>%1B</source>
        <translation>%1B</translation>
    </message>
    <message>
        <source>%1M</source>
        <translation>%1M</translation>
    </message>
    <message>
        <source>%1K</source>
        <translation>%1K</translation>
    </message>
    <message>
        <source>never</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Break-even: no plan (%1)</source>
        <translation>損益分岐：プランなし（%1）</translation>
    </message>
    <message>
        <source>Break-even: no API price for %1; set one under Pricing to compare</source>
        <translation>損益分岐：%1 の API 価格がありません。比較するには「料金」で設定してください</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>%1 does not fit</source>
        <translation>%1 は収まらない</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 x %2 at %3 h/day: %4 per month (%5 always on)</source>
        <translation>%1 x %2、1 日 %3 時間：月 %4（常時稼働 %5）</translation>
    </message>
    <message>
        <source>Break-even: %1 output tokens per month</source>
        <translation>損益分岐：月 %1 出力トークン</translation>
    </message>
    <message>
        <source>Does not fit: serves no tokens, never breaks even</source>
        <translation>収まらない：トークンを生成しないため損益分岐しない</translation>
    </message>
    <message>
        <source>%1 x %2 breaks even at %3 output tokens per month (%4 per month either way)</source>
        <translation>%1 x %2 は月 %3 出力トークンで損益分岐（どちらも月 %4）</translation>
    </message>
    <message>
        <source>Your volume</source>
        <translation>現在の利用量</translation>
    </message>
    <message>
        <source>Output tokens per month (log)</source>
        <translation>月間出力トークン（対数）</translation>
    </message>
    <message>
        <source>USD per month (log)</source>
        <translation>月額 USD（対数）</translation>
    </message>
    <message>
        <source>API: %1 per month for %2 output tokens</source>
        <translation>API：%2 出力トークンで月 %1</translation>
    </message>
    <message>
        <source>%1 copies of %2 x %3</source>
        <translation>%2 x %3 のコピー %1 個</translation>
    </message>
    <message>
        <source>%1 (yours, does not fit)</source>
        <translation>%1（現在のプラン、収まらない）</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1（現在のプラン）</translation>
    </message>
    <message>
        <source>Break-even against %1</source>
        <translation>%1 に対する損益分岐点</translation>
    </message>
    <message>
        <source>GPUs rented %1 h/day; break-even, output tokens a month: %2</source>
        <translation>GPU のレンタル 1 日 %1 時間；損益分岐点、月間出力トークン：%2</translation>
    </message>
    <message>
        <source>%1 too close to call</source>
        <translation>%1 判定が難しい</translation>
    </message>
    <message>
        <source>Break-even needs %1 output tokens per month: above the modelled capacity, within the throughput band; too close to call</source>
        <translation>損益分岐点には月 %1 出力トークンが必要：モデル化した容量を上回るが、スループットの幅の内；判定が難しい</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CardFitView</name>
    <message>
        <source>Weights: %1</source>
        <translation>重み：%1</translation>
    </message>
    <message>
        <source>Does not fit wholly on the GPU at the default context: --n-cpu-moe %1 keeps the experts of the first %1 layers in system RAM and everything else on the GPU (faster here than splitting whole layers); %2 % of each decode step reads RAM.</source>
        <translation>既定コンテキストでは GPU に全体が収まりません：--n-cpu-moe %1 で最初の %1 レイヤーのエキスパートをシステム RAM に置き、残りはすべて GPU に置きます（ここではレイヤー単位の分割より高速）。各デコードステップの %2 % が RAM を読み込みます。</translation>
    </message>
    <message>
        <source>Does not fit wholly on the GPU at the default context: -ngl %1 keeps %1 of %2 layer slots there and the rest in system RAM; %3 % of each decode step reads RAM.</source>
        <translation>既定コンテキストでは GPU に全体が収まりません：-ngl %1 で %2 個のレイヤースロットのうち %1 個を GPU に、残りをシステム RAM に置きます。各デコードステップの %3 % が RAM を読み込みます。</translation>
    </message>
    <message>
        <source>Neither the GPU nor the GPU and system RAM together hold it.</source>
        <translation>GPU だけでも、GPU とシステム RAM を合わせても収まりません。</translation>
    </message>
    <message>
        <source>%1 of system memory at %2 GB/s
Source: %3 (as of %4)</source>
        <translation>システムメモリ %1、%2 GB/s
出典：%3（%4 時点）</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>収まらない</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>パラメータ</translation>
    </message>
    <message>
        <source>%1B</source>
        <translation>%1B</translation>
    </message>
    <message>
        <source>this file: %1</source>
        <translation>このファイル：%1</translation>
    </message>
    <message>
        <source>Every layer on the GPU at llama-server&apos;s defaults (the model&apos;s training context, which --fit lowers as far as 4,096 tokens before it moves layers); the longest context that still fits there: %1 tokens (four slots in one unified f16 KV cache).</source>
        <translation>llama-server の既定設定（モデルの学習時コンテキスト。--fit はレイヤーを移す前に 4,096 トークンまで下げます）で全レイヤーを GPU に配置。そこに収まる最長のコンテキスト：%1 トークン（1 つの統合 f16 KVキャッシュに 4 スロット）。</translation>
    </message>
    <message>
        <source>Decode ceiling at peak memory bandwidth: %1 tokens/s for one sequence at a %2-token context; longer contexts read more KV per token (hostplan-cli plan --engine llama.cpp --context N gives the speed at N).</source>
        <translation>ピークメモリ帯域でのデコード上限: %2 トークンのコンテキストで 1 シーケンスあたり %1 tokens/s。コンテキストが長いほどトークンごとに読む KV が増えます（hostplan-cli plan --engine llama.cpp --context N で N のときの速度が分かります）。</translation>
    </message>
    <message>
        <source>runs to %1
%2 tokens/s at %3</source>
        <translation>%1 まで動作
%3 で %2 tokens/s</translation>
    </message>
    <message>
        <source>--n-cpu-moe %1
%2 tokens/s at %3</source>
        <translation>--n-cpu-moe %1
%3 で %2 tokens/s</translation>
    </message>
    <message>
        <source>-ngl %1/%2
%3 tokens/s at %4</source>
        <translation>-ngl %1/%2
%4 で %3 tokens/s</translation>
    </message>
    <message>
        <source>Each model stored as each llama.cpp type and run by llama-server with its defaults (four slots in one unified f16 KV cache; the model&apos;s training context, lowered by --fit as far as 4,096 tokens). A cell gives the longest context that runs wholly on the card, or else the offload that fits (-ngl: whole layers in system RAM; --n-cpu-moe: only experts), each leaving the 1 GiB free that --fit leaves, and the decode ceiling at peak bandwidth. Uniform types approximate published files (Q4_K_M is mostly q4_K).</source>
        <translation>各モデルを llama.cpp の各型で保存し、llama-server を既定設定で実行した場合（1 つの統合 f16 KVキャッシュに 4 スロット。モデルの学習時コンテキストを --fit が 4,096 トークンまで下げます）。セルには、すべてカード上で実行できる最長のコンテキスト、そうでなければ収まるオフロード（-ngl：レイヤー単位でシステム RAM に配置。--n-cpu-moe：エキスパートのみ）を、いずれも --fit と同じくカードに 1 GiB の空きを残して示し、ピーク帯域幅でのデコード上限も表示します。単一の型は公開ファイルの近似です（Q4_K_M は大部分が q4_K）。</translation>
    </message>
    <message>
        <source>Card:</source>
        <translation>カード：</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>ホスト：</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareChart</name>
    <message>
        <source>Tokens/s per user</source>
        <translation>ユーザーあたり tokens/s</translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1（収まらない）</translation>
    </message>
    <message>
        <source>%1 (no plan)</source>
        <translation>%1（プランなし）</translation>
    </message>
    <message>
        <source>%1
%2 tokens/s per user, %3 tokens/s in all</source>
        <translation>%1
ユーザーあたり %2 tokens/s、合計 %3 tokens/s</translation>
    </message>
    <message>
        <source>Decode throughput against speed per user (circles: capacity at the target; the table&apos;s output tokens/s include prefill)</source>
        <translation>デコードスループットとユーザーあたり速度（円：目標での容量。表の出力トークン/秒はプリフィルを含む）</translation>
    </message>
    <message>
        <source>Decode tokens/s</source>
        <translation>デコード トークン/秒</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareModel</name>
    <message>
        <source>as shipped</source>
        <translation>配布時の形式</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>入力</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Weight formats</source>
        <translation>重み形式</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KVキャッシュ形式</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>ノードあたり GPU 数</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU の既定値</translation>
    </message>
    <message>
        <source>TP / EP / PP</source>
        <translation>TP / EP / PP</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>エンジン</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 トークン</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>同時実行数</translation>
    </message>
    <message>
        <source>Tokens per month (in / cached / out)</source>
        <translation>月間トークン（入力 / キャッシュ / 出力）</translation>
    </message>
    <message>
        <source>Hours per day</source>
        <translation>1 日あたり時間</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>収まる</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>no</source>
        <translation>いいえ</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>構成</translation>
    </message>
    <message>
        <source>%1 x %2, TP %3 x PP %4, EP %5</source>
        <translation>%1 x %2、TP %3 x PP %4、EP %5</translation>
    </message>
    <message>
        <source>Weights (whole model)</source>
        <translation>重み（モデル全体）</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>GPU あたりメモリ</translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation>GPU あたり重み</translation>
    </message>
    <message>
        <source>KV cache per GPU</source>
        <translation>GPU あたり KVキャッシュ</translation>
    </message>
    <message>
        <source>Max concurrency at the context</source>
        <translation>このコンテキストでの最大同時実行数</translation>
    </message>
    <message>
        <source>Memory floor / practical GPUs</source>
        <translation>メモリ下限 / 実用 GPU 数</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU 料金</translation>
    </message>
    <message>
        <source>%1 per GPU-hour</source>
        <translation>GPU時間あたり %1</translation>
    </message>
    <message>
        <source>Monthly cost (scheduled)</source>
        <translation>月額コスト（予定時間）</translation>
    </message>
    <message>
        <source>Monthly cost (always on)</source>
        <translation>月額コスト（常時稼働）</translation>
    </message>
    <message>
        <source>API cost per month</source>
        <translation>月額 API コスト</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>API 価格なし</translation>
    </message>
    <message>
        <source>Self-hosted per 1M output tokens</source>
        <translation>セルフホスト 1M 出力トークンあたり</translation>
    </message>
    <message>
        <source>n/a (does not fit)</source>
        <translation>該当なし（収まらない）</translation>
    </message>
    <message>
        <source>n/a (no output tokens)</source>
        <translation>該当なし（出力トークンなし）</translation>
    </message>
    <message>
        <source>Break-even output tokens per month</source>
        <translation>損益分岐となる月間出力トークン</translation>
    </message>
    <message>
        <source>never</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Break-even heavy users</source>
        <translation>損益分岐ヘビーユーザー数</translation>
    </message>
    <message>
        <source>What</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>not modelled</source>
        <translation>モデル化なし</translation>
    </message>
    <message>
        <source>Throughput at the target</source>
        <translation>目標でのスループット</translation>
    </message>
    <message>
        <source>Running batch (sequences)</source>
        <translation>実行中のバッチ（シーケンス）</translation>
    </message>
    <message>
        <source>Output tokens/s (likely, low - high)</source>
        <translation>出力 tokens/s（想定、低 - 高）</translation>
    </message>
    <message>
        <source>%1 (%2 - %3)</source>
        <translation>%1（%2 - %3）</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>ユーザーあたり tokens/s</translation>
    </message>
    <message>
        <source>Median TTFT / TPOT</source>
        <translation>TTFT / TPOT の中央値</translation>
    </message>
    <message>
        <source>%1 ms / %2 ms</source>
        <translation>%1 ms / %2 ms</translation>
    </message>
    <message>
        <source>Output tokens per month (capacity)</source>
        <translation>月間出力トークン（容量）</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity</source>
        <translation>フル稼働時の出力 1M トークンあたりコスト</translation>
    </message>
    <message>
        <source>Tokens/s per USD per hour</source>
        <translation>1 時間 1 USD あたり tokens/s</translation>
    </message>
    <message>
        <source>%1 (serves %2)</source>
        <translation>%1（対応可能 %2）</translation>
    </message>
    <message>
        <source>starts, holds %1 of %2 sequences</source>
        <translation>起動可、%2 シーケンス中 %1 を保持</translation>
    </message>
    <message>
        <source>no GPU-hour rate</source>
        <translation>GPU 時間単価なし</translation>
    </message>
    <message>
        <source>%1 (serves %2, up to %3 at the band&apos;s fast end)</source>
        <translation>%1（対応可能 %2、幅の速い側で最大 %3）</translation>
    </message>
    <message>
        <source>%1 (too close to call)</source>
        <translation>%1（判定が難しい）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareView</name>
    <message>
        <source>&amp;Pin current scenario</source>
        <translation>現在のシナリオを固定(&amp;P)</translation>
    </message>
    <message>
        <source>Pin from file...</source>
        <translation>ファイルから固定...</translation>
    </message>
    <message>
        <source>Make pinned current</source>
        <translation>固定したシナリオを現在にする</translation>
    </message>
    <message>
        <source>Differences only</source>
        <translation>差異のみ</translation>
    </message>
    <message>
        <source>Pin scenario file</source>
        <translation>シナリオファイルを固定</translation>
    </message>
    <message>
        <source>HostPlan scenario (*.json)</source>
        <translation>HostPlan シナリオ (*.json)</translation>
    </message>
    <message>
        <source>Use pinned scenario</source>
        <translation>固定したシナリオを使用</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 を開けません：%2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario: %2</source>
        <translation>%1 は有効なシナリオではありません：%2</translation>
    </message>
    <message>
        <source>The current scenario equals the pinned one.</source>
        <translation>現在のシナリオは固定したシナリオと同じです。</translation>
    </message>
    <message>
        <source>1 difference, highlighted.</source>
        <translation>差異 1 件（強調表示）。</translation>
    </message>
    <message>
        <source>%1 differences, highlighted.</source>
        <translation>差異 %1 件（強調表示）。</translation>
    </message>
    <message>
        <source>Keep a copy of the current scenario to compare later edits against; pin again to compare several</source>
        <translation>現在のシナリオのコピーを保持し、以後の編集と比較します。さらに固定すると複数を比較できます</translation>
    </message>
    <message>
        <source>The pinned scenario the buttons beside act on</source>
        <translation>横のボタンの対象となる固定したシナリオ</translation>
    </message>
    <message>
        <source>Replace the current scenario by the chosen pinned one (undoable)</source>
        <translation>現在のシナリオを選んだ固定シナリオで置き換えます（元に戻せます）</translation>
    </message>
    <message>
        <source>Remove pin</source>
        <translation>固定を削除</translation>
    </message>
    <message>
        <source>Clear pins</source>
        <translation>固定をすべて解除</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>固定済み</translation>
    </message>
    <message>
        <source>Pinned %1</source>
        <translation>固定済み %1</translation>
    </message>
    <message>
        <source>At most %1 scenarios can be pinned: remove one first.</source>
        <translation>固定できるシナリオは最大 %1 個です：先に 1 つ削除してください。</translation>
    </message>
    <message>
        <source>Pin the current scenario, then change inputs: the table shows the pinned and the current scenario side by side. Pin again to compare several.</source>
        <translation>現在のシナリオを固定してから入力を変更してください：表に固定したシナリオと現在のシナリオが並べて表示されます。さらに固定すると複数を比較できます。</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>現在</translation>
    </message>
    <message>
        <source>The current scenario equals every pinned one.</source>
        <translation>現在のシナリオは固定したすべてのシナリオと同じです。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Count</name>
    <message>
        <source>1 GPU</source>
        <translation>GPU 1 基</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>GPU %1 基</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 ノード</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 ノード</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 シーケンス</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 シーケンス</translation>
    </message>
    <message>
        <source>1 heavy user</source>
        <translation>ヘビーユーザー 1 人</translation>
    </message>
    <message>
        <source>%1 heavy users</source>
        <translation>ヘビーユーザー %1 人</translation>
    </message>
    <message>
        <source>, attention DP %1</source>
        <translation>、アテンション DP %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::DeployView</name>
    <message>
        <source>&lt;h3 style=&apos;color:#b00&apos;&gt;No plan&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:#b00&apos;&gt;プランなし&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 x %3 (TP %4, EP %5, PP %6), context %7 tokens.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;、%2 x %3（TP %4、EP %5、PP %6）、コンテキスト %7 トークン。</translation>
    </message>
    <message>
        <source>%1 data-parallel replicas on %2: run each command once per replica, behind a load balancer.</source>
        <translation>%2 上にデータ並列レプリカ %1 個：各コマンドをレプリカごとに 1 回、ロードバランサーの背後で実行してください。</translation>
    </message>
    <message>
        <source>First, on the nodes:</source>
        <translation>まず、各ノードで：</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the %1 command to the clipboard</source>
        <translation>%1 コマンドをクリップボードにコピー</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>フラグ</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Why this value</source>
        <translation>この値の理由</translation>
    </message>
    <message>
        <source>(model)</source>
        <translation>（モデル）</translation>
    </message>
    <message>
        <source>These commands start, holding %1 of the workload&apos;s %2 sequences at once; the rest queue.</source>
        <translation>これらのコマンドは起動し、ワークロードの %2 シーケンス中 %1 を同時に保持します。残りは待機します。</translation>
    </message>
    <message>
        <source>The plan does not fit: these commands will not start or will cap every request below the context.</source>
        <translation>プランは収まりません：これらのコマンドは起動しないか、すべてのリクエストをコンテキスト未満に制限します。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Export</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
    <message>
        <source>PDF, A4 (*.pdf)</source>
        <translation>PDF、A4 (*.pdf)</translation>
    </message>
    <message>
        <source>PDF, Letter (*.pdf)</source>
        <translation>PDF、レター (*.pdf)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>レポートをエクスポート</translation>
    </message>
    <message>
        <source>Export tables as CSV (one file per table, named &lt;name&gt;-&lt;table&gt;.csv)</source>
        <translation>表を CSV としてエクスポート（表ごとに 1 ファイル、名前は &lt;name&gt;-&lt;table&gt;.csv）</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV ファイル (*.csv)</translation>
    </message>
    <message>
        <source>Export tables as CSV</source>
        <translation>表を CSV としてエクスポート</translation>
    </message>
    <message>
        <source>Export JSON</source>
        <translation>JSON をエクスポート</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON ファイル (*.json)</translation>
    </message>
    <message>
        <source>Export &amp;report...</source>
        <translation>レポートをエクスポート(&amp;R)...</translation>
    </message>
    <message>
        <source>Write the budget report as a PDF</source>
        <translation>予算レポートを PDF として書き出します</translation>
    </message>
    <message>
        <source>Export tables as &amp;CSV...</source>
        <translation>表を CSV としてエクスポート(&amp;C)...</translation>
    </message>
    <message>
        <source>Write the report&apos;s tables as CSV files</source>
        <translation>レポートの表を CSV ファイルとして書き出します</translation>
    </message>
    <message>
        <source>Export &amp;JSON...</source>
        <translation>JSON をエクスポート(&amp;J)...</translation>
    </message>
    <message>
        <source>Write the whole plan as JSON (the schema of hostplan-cli plan --json)</source>
        <translation>プラン全体を JSON として書き出します（hostplan-cli plan --json と同じスキーマ）</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 pages)</source>
        <translation>%1 を書き出しました（%2 ページ）</translation>
    </message>
    <message>
        <source>Wrote %1 CSV files: %2</source>
        <translation>%1 個の CSV ファイルを書き出しました：%2</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>%1 を書き出しました</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Format</name>
    <message>
        <source>n/a</source>
        <translation>該当なし</translation>
    </message>
    <message>
        <source>never</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 十億</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 百万</translation>
    </message>
    <message>
        <source>calibrated by a probe report</source>
        <translation>プローブレポートで較正済み</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>実測</translation>
    </message>
    <message>
        <source>modelled</source>
        <translation>モデル推定</translation>
    </message>
    <message>
        <source>%1 advertised, %2 usable (as the engines measure it)</source>
        <translation>公称 %1、使用可能 %2（エンジンの計測値）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::GpuTypesChart</name>
    <message>
        <source>GPUs needed per GPU type: %1 tokens x %2, %3</source>
        <translation>GPU 種別ごとの必要 GPU 数：%1 トークン x %2、%3</translation>
    </message>
    <message>
        <source>Practical, native MXFP4</source>
        <translation>実用数、ネイティブ MXFP4</translation>
    </message>
    <message>
        <source>Practical, no native MXFP4</source>
        <translation>実用数、ネイティブ MXFP4 なし</translation>
    </message>
    <message>
        <source>Memory floor</source>
        <translation>メモリ下限</translation>
    </message>
    <message>
        <source>%1
Memory floor: %2 (%3 of weights / %4 per GPU)
</source>
        <translation>%1
メモリ下限：%2（重み %3 / GPU あたり %4）
</translation>
    </message>
    <message>
        <source>Practical: %1 (TP %2 x PP %3, EP %4), %5 per month</source>
        <translation>実用数：%1（TP %2 x PP %3、EP %4）、月 %5</translation>
    </message>
    <message>
        <source>Practical: no layout up to %1 GPUs carries the workload</source>
        <translation>実用数：GPU %1 基までに負荷を処理できる構成がありません</translation>
    </message>
    <message>
        <source> (no fit)</source>
        <translation>（収まらない）</translation>
    </message>
    <message>
        <source> (n/a)</source>
        <translation>（該当なし）</translation>
    </message>
    <message>
        <source>
Native MXFP4 tensor cores</source>
        <translation>
ネイティブ MXFP4 Tensor コア</translation>
    </message>
    <message>
        <source>
No native MXFP4: FP4 weights are dequantized</source>
        <translation>
ネイティブ MXFP4 なし：FP4 の重みは逆量子化されます</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1/month · %2</source>
        <translation>%1/月 · %2</translation>
    </message>
    <message>
        <source>Practical: %1 (TP %2 x PP %3, EP %4)</source>
        <translation>実用：%1（TP %2 x PP %3、EP %4）</translation>
    </message>
    <message>
        <source>Your plan (GPU count fixed at %1): %2 per month</source>
        <translation>あなたのプラン（GPU 数を %1 に固定）：月 %2</translation>
    </message>
    <message>
        <source>%1/month (%2) · %3</source>
        <translation>月 %1（%2）· %3</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Group</name>
    <message>
        <source>attention</source>
        <translation>アテンション</translation>
    </message>
    <message>
        <source>attention (replicated down-projections)</source>
        <translation>アテンション（複製された下方射影）</translation>
    </message>
    <message>
        <source>short convolutions</source>
        <translation>短い畳み込み</translation>
    </message>
    <message>
        <source>norms and small vectors</source>
        <translation>正規化と小さなベクトル</translation>
    </message>
    <message>
        <source>router</source>
        <translation>ルーター</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>埋め込み</translation>
    </message>
    <message>
        <source>embedding (tied lm_head)</source>
        <translation>埋め込み（lm_head と共有）</translation>
    </message>
    <message>
        <source>lm_head</source>
        <translation>lm_head</translation>
    </message>
    <message>
        <source>dense MLP</source>
        <translation>密な MLP</translation>
    </message>
    <message>
        <source>routed experts</source>
        <translation>ルーテッドエキスパート</translation>
    </message>
    <message>
        <source>routed expert biases</source>
        <translation>ルーテッドエキスパートのバイアス</translation>
    </message>
    <message>
        <source>shared experts</source>
        <translation>共有エキスパート</translation>
    </message>
    <message>
        <source>latent MoE projections</source>
        <translation>潜在 MoE 射影</translation>
    </message>
    <message>
        <source>vision tower</source>
        <translation>ビジョンタワー</translation>
    </message>
    <message>
        <source>multimodal projector</source>
        <translation>マルチモーダルプロジェクター</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HardwarePanel</name>
    <message>
        <source>%1: %2 per GPU, %3 TB/s HBM, %4 GPUs per node%5
Source: %6 (as of %7)</source>
        <translation>%1：GPU あたり %2、%3 TB/s HBM、ノードあたり GPU %4 基%5
出典：%6（%7 時点）</translation>
    </message>
    <message>
        <source>, native MXFP4</source>
        <translation>、ネイティブ MXFP4</translation>
    </message>
    <message>
        <source>&amp;GPU</source>
        <translation>GPU(&amp;G)</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自動</translation>
    </message>
    <message>
        <source>GPUs in the deployment. auto = the smallest rentable count (1 GPU or whole nodes) that carries the workload</source>
        <translation>デプロイの GPU 数。自動 = 負荷を処理できる最小のレンタル可能数（GPU 1 基またはノード単位）</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU の既定値</translation>
    </message>
    <message>
        <source>GPUs per rental node (bundle size); default = the GPU&apos;s usual node (8, or 4 per GB200/GB300 tray)</source>
        <translation>レンタルノードあたりの GPU 数（まとめ単位）。既定値 = その GPU の通常のノード（8、GB200/GB300 はトレイあたり 4）</translation>
    </message>
    <message>
        <source>GPUs per &amp;node</source>
        <translation>ノード内 GPU 数(&amp;N)</translation>
    </message>
    <message>
        <source>Tensor parallel size: a power of two that divides the attention heads</source>
        <translation>テンソル並列数：アテンションヘッド数を割り切る 2 のべき乗</translation>
    </message>
    <message>
        <source>&amp;TP</source>
        <translation>TP(&amp;T)</translation>
    </message>
    <message>
        <source>Expert parallel size: 1 (experts sliced by TP) or equal to TP (whole experts per GPU); must divide the routed experts</source>
        <translation>エキスパート並列数：1（エキスパートを TP で分割）または TP と同じ（GPU ごとにエキスパート全体）。ルーテッドエキスパート数を割り切る必要があります</translation>
    </message>
    <message>
        <source>Pipeline parallel size: stages across nodes; TP x PP = GPU count, at most one stage per layer</source>
        <translation>パイプライン並列数：ノードをまたぐステージ数。TP x PP = GPU 数、1 層あたり最大 1 ステージ</translation>
    </message>
    <message>
        <source>&amp;PP</source>
        <translation>PP(&amp;P)</translation>
    </message>
    <message>
        <source>The serving engine whose memory rules the plan follows</source>
        <translation>プランが従うメモリ規則を持つサービングエンジン</translation>
    </message>
    <message>
        <source>E&amp;ngine</source>
        <translation>エンジン(&amp;N)</translation>
    </message>
    <message>
        <source>engine default</source>
        <translation>エンジン既定</translation>
    </message>
    <message>
        <source>vLLM gpu_memory_utilization / SGLang mem_fraction_static (of total memory); TensorRT-LLM free_gpu_memory_fraction (of memory free after weights)</source>
        <translation>vLLM gpu_memory_utilization / SGLang mem_fraction_static（総メモリに対する割合）、TensorRT-LLM free_gpu_memory_fraction（重みロード後の空きメモリに対する割合）</translation>
    </message>
    <message>
        <source>Memory fraction</source>
        <translation>メモリ割合</translation>
    </message>
    <message>
        <source>Change GPU to %1</source>
        <translation>GPU を %1 に変更</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 を %2 に変更</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>ノードあたり GPU 数</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Change engine to %1</source>
        <translation>エンジンを %1 に変更</translation>
    </message>
    <message>
        <source>Change memory fraction to %1</source>
        <translation>メモリ割合を %1 に変更</translation>
    </message>
    <message>
        <source>%1 per GPU, %2 TB/s, %3</source>
        <translation>GPU あたり %1、%2 TB/s、%3</translation>
    </message>
    <message>
        <source>native MXFP4</source>
        <translation>ネイティブ MXFP4</translation>
    </message>
    <message>
        <source>no native MXFP4 (dequantizes)</source>
        <translation>ネイティブ MXFP4 なし（逆量子化）</translation>
    </message>
    <message>
        <source>GPU default (%1)</source>
        <translation>GPU の既定値（%1）</translation>
    </message>
    <message>
        <source>engine default (%1)</source>
        <translation>エンジン既定（%1）</translation>
    </message>
    <message>
        <source>Evaluated: %1%2 = TP %3 x PP %4, EP %5; %6</source>
        <translation>評価結果：%1%2 = TP %3 x PP %4、EP %5、%6</translation>
    </message>
    <message>
        <source> (auto)</source>
        <translation>（自動）</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>プランなし：%1</translation>
    </message>
    <message>
        <source>; %1 data-parallel replicas</source>
        <translation>、データ並列レプリカ %1</translation>
    </message>
    <message>
        <source>; offer %1 (%2)</source>
        <translation>、レンタルオファー %1（%2）</translation>
    </message>
    <message>
        <source>The GPU type to rent, from the catalogue resources/gpus.json (memory, usable memory, HBM bandwidth, compute rates and node size, each with its source and date). Choosing one sets the count, node size and layout back to auto.</source>
        <translation>レンタルする GPU 種別。カタログ resources/gpus.json から選びます（メモリ、利用可能メモリ、HBM 帯域幅、演算性能、ノードサイズ。それぞれ出典と日付付き）。選択すると GPU 数、ノードサイズ、構成が自動に戻ります。</translation>
    </message>
    <message>
        <source>B300, from the default scenario (resources/default-scenario.json).</source>
        <translation>B300、既定シナリオ（resources/default-scenario.json）より。</translation>
    </message>
    <message>
        <source>How many GPUs the deployment rents.</source>
        <translation>デプロイでレンタルする GPU 数。</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>auto (0): the layout search takes the smallest rentable count (one GPU or whole nodes of the offers in resources/offers.json) whose memory, by the engine&apos;s own rules, holds the workload.</source>
        <translation>自動 (0)：構成探索は、エンジン自身のルールでメモリが負荷を保持できる最小のレンタル可能数（GPU 1 基、または resources/offers.json のレンタルオファーのノード単位）を選びます。</translation>
    </message>
    <message>
        <source>GPUs in one rental node (the bundle a provider rents); tensor parallelism stays inside a node.</source>
        <translation>1 つのレンタルノード内の GPU 数（プロバイダーがレンタルする単位）。テンソル並列はノード内に収まります。</translation>
    </message>
    <message>
        <source>the GPU&apos;s usual node from resources/gpus.json (8; 4 per GB200/GB300 tray).</source>
        <translation>resources/gpus.json にある GPU の通常のノードサイズ（8。GB200/GB300 トレイでは 4）。</translation>
    </message>
    <message>
        <source>Tensor parallel size: each layer&apos;s weights are split across this many GPUs. A power of two that divides the attention heads.</source>
        <translation>テンソル並列サイズ：各レイヤーの重みをこの数の GPU に分割します。アテンションヘッド数を割り切る 2 のべき乗。</translation>
    </message>
    <message>
        <source>GPUs (tensor-parallel ranks)</source>
        <translation>GPU（テンソル並列ランク）</translation>
    </message>
    <message>
        <source>auto (0): the layout search, from the heads in the model&apos;s config.json (num_attention_heads, num_key_value_heads).</source>
        <translation>自動 (0)：構成探索が、モデルの config.json のヘッド数（num_attention_heads、num_key_value_heads）から決めます。</translation>
    </message>
    <message>
        <source>Expert parallel size: whole routed experts per GPU (EP = TP) or experts sliced by tensor parallelism (EP = 1). Must divide the routed experts.</source>
        <translation>エキスパート並列サイズ：GPU ごとにルーテッドエキスパート全体を置く（EP = TP）か、テンソル並列でエキスパートを分割する（EP = 1）。ルーテッドエキスパート数を割り切る必要があります。</translation>
    </message>
    <message>
        <source>GPUs (expert-parallel ranks)</source>
        <translation>GPU（エキスパート並列ランク）</translation>
    </message>
    <message>
        <source>Pipeline parallel size: layers split into stages across nodes; TP x PP = GPU count, at most one stage per layer.</source>
        <translation>パイプライン並列サイズ：レイヤーをステージに分けてノード間に配置します。TP x PP = GPU 数、1 レイヤーあたり最大 1 ステージ。</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>パイプラインステージ</translation>
    </message>
    <message>
        <source>auto (0): the layout search, within the layers of the model&apos;s config.json (num_hidden_layers).</source>
        <translation>自動 (0)：構成探索が、モデルの config.json のレイヤー数（num_hidden_layers）の範囲で決めます。</translation>
    </message>
    <message>
        <source>The serving engine whose memory rules size the plan: what it allocates at start-up (weights, KV cache pool, activations, CUDA graphs) and its default limits.</source>
        <translation>メモリルールでプランの規模を決めるサービングエンジン：起動時に確保するもの（重み、KVキャッシュプール、アクティベーション、CUDA グラフ）と既定の上限。</translation>
    </message>
    <message>
        <source>vLLM, from the default scenario; each engine&apos;s rules and the versions they were read from are in the core&apos;s engine table (core/engine/engine.cpp).</source>
        <translation>vLLM、既定シナリオより。各エンジンのルールと参照したバージョンは、コアのエンジン表（core/engine/engine.cpp）にあります。</translation>
    </message>
    <message>
        <source>The share of GPU memory the engine may use: vLLM gpu_memory_utilization and SGLang mem_fraction_static are of total memory, TensorRT-LLM free_gpu_memory_fraction of the memory left after the weights.</source>
        <translation>エンジンが使用できる GPU メモリの割合：vLLM の gpu_memory_utilization と SGLang の mem_fraction_static は総メモリに対する割合、TensorRT-LLM の free_gpu_memory_fraction は重みを除いた残りメモリに対する割合です。</translation>
    </message>
    <message>
        <source>fraction, 0 to 1 (0.90 = 90 %)</source>
        <translation>割合、0～1（0.90 = 90 %）</translation>
    </message>
    <message>
        <source>none (model id, path or &quot;eagle&quot;)</source>
        <translation>なし（モデル ID、パス、または &quot;eagle&quot;）</translation>
    </message>
    <message>
        <source>Speculative-decoding draft the engine loads beside the model: a model id or path, or &quot;eagle&quot; for an EAGLE head built from the model</source>
        <translation>エンジンがモデルと一緒にロードする投機的デコーディング用ドラフト：モデル ID またはパス、あるいはモデルから構築する EAGLE ヘッドには &quot;eagle&quot;</translation>
    </message>
    <message>
        <source>The draft model the engine runs for speculative decoding (vLLM --speculative-config model, SGLang --speculative-draft-model-path). Its weights, KV cache and profiled activation count by the engine&apos;s rules.</source>
        <translation>エンジンが投機的デコーディングで実行するドラフトモデル（vLLM --speculative-config model、SGLang --speculative-draft-model-path）。その重み、KVキャッシュ、プロファイル時のアクティベーションはエンジンのルールで計上されます。</translation>
    </message>
    <message>
        <source>a catalogue model id, a model path, or &quot;eagle&quot;</source>
        <translation>カタログのモデル ID、モデルのパス、または &quot;eagle&quot;</translation>
    </message>
    <message>
        <source>Empty: no draft model; a model&apos;s own MTP layers draft when the workload speculates.</source>
        <translation>空：ドラフトモデルなし。ワークロードが投機的デコーディングを行う場合は、モデル自身の MTP 層がドラフトを生成します。</translation>
    </message>
    <message>
        <source>&amp;Draft model</source>
        <translation>ドラフトモデル(&amp;D)</translation>
    </message>
    <message>
        <source>Remove the draft model</source>
        <translation>ドラフトモデルを削除</translation>
    </message>
    <message>
        <source>Change draft model to %1</source>
        <translation>ドラフトモデルを %1 に変更</translation>
    </message>
    <message>
        <source>newest</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>The llama.cpp release whose memory rules the llama.cpp plans follow (the This card tab)</source>
        <translation>llama.cpp プランが従うメモリ規則の llama.cpp リリース（「このカード」タブ）</translation>
    </message>
    <message>
        <source>The llama.cpp release (bNNNN, as llama-server --version prints it) whose memory rules the llama.cpp plans follow. Releases before b7847 count -ngl from the repeating layers (the output layer goes to the GPU last) and keep one input tensor fewer in the host compute buffer.</source>
        <translation>llama.cpp プランが従うメモリ規則の llama.cpp リリース（bNNNN、llama-server --version の表示形式）。b7847 より前のリリースは -ngl を繰り返し層から数え（出力層は最後に GPU に載る）、ホスト計算バッファの入力テンソルが 1 つ少なくなります。</translation>
    </message>
    <message>
        <source>release number, e.g. 5466</source>
        <translation>リリース番号（例: 5466）</translation>
    </message>
    <message>
        <source>&quot;newest&quot; (0): the newest rules HostPlan knows.</source>
        <translation>「最新」(0): HostPlan が知っている最新の規則。</translation>
    </message>
    <message>
        <source>&amp;llama.cpp release</source>
        <translation>llama.cpp リリース(&amp;L)</translation>
    </message>
    <message>
        <source>Change llama.cpp release to %1</source>
        <translation>llama.cpp リリースを %1 に変更</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>既定（%1）</translation>
    </message>
    <message>
        <source>The vLLM release whose start-up memory rules vLLM plans follow</source>
        <translation>vLLM プランが従う起動時メモリ規則の vLLM リリース</translation>
    </message>
    <message>
        <source>vLLM rules</source>
        <translation>vLLM 規則</translation>
    </message>
    <message>
        <source>Change vLLM rules to %1</source>
        <translation>vLLM 規則を %1 に変更</translation>
    </message>
    <message>
        <source>The vLLM release whose start-up memory rules size a vLLM plan: how its worker profiles the activation peak (sampler warm-up, logits), what it counts as non-torch memory and how its MoE kernels lay out MXFP4 experts. Pick the release you will run; the defaults (max_num_seqs, batched tokens) are the same for every release.</source>
        <translation>起動時メモリ規則で vLLM プランを見積もる vLLM リリース：ワーカーがアクティベーションのピーク（サンプラーのウォームアップ、logits）をどう測るか、何を非 torch メモリとして数えるか、MoE カーネルが MXFP4 エキスパートをどう配置するか。実行するリリースを選んでください。既定値（max_num_seqs、ステップあたりのトークン数）はどのリリースでも同じです。</translation>
    </message>
    <message>
        <source>default: v0.19&apos;s rules, the newest checked against whole start-up logs.</source>
        <translation>既定：v0.19 の規則（起動ログ全体で検証した最新リリース）。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>オン</translation>
    </message>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>Automatic prefix caching: on a model with recurrent layers vLLM keeps two state pages per request with it</source>
        <translation>自動プレフィックスキャッシュ：再帰層を持つモデルでは、有効にすると vLLM はリクエストごとに状態ページを 2 つ保持します</translation>
    </message>
    <message>
        <source>The engine&apos;s automatic prefix caching (vLLM --enable-prefix-caching). On a model with Mamba or linear-attention layers vLLM then keeps two state pages per request in each of their cache groups instead of one, so fewer sequences fit.</source>
        <translation>エンジンの自動プレフィックスキャッシュ（vLLM --enable-prefix-caching）。Mamba 層や線形アテンション層を持つモデルでは、vLLM はそれらの各キャッシュグループでリクエストごとに状態ページを 1 つではなく 2 つ保持するため、収まるシーケンス数が減ります。</translation>
    </message>
    <message>
        <source>engine default, on or off</source>
        <translation>エンジン既定、オン、またはオフ</translation>
    </message>
    <message>
        <source>engine default: off for vLLM on a model with recurrent layers.</source>
        <translation>エンジン既定：再帰層を持つモデルでは vLLM はオフ。</translation>
    </message>
    <message>
        <source>Prefix caching</source>
        <translation>プレフィックスキャッシュ</translation>
    </message>
    <message>
        <source>Change prefix caching to %1</source>
        <translation>プレフィックスキャッシュを %1 に変更</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): the engine&apos;s own default, vLLM 0.9 (0.92 from v0.22), SGLang by GPU size and TP (its server_args.py table), TensorRT-LLM 0.9.</source>
        <translation>「エンジン既定」(0): エンジン自身の既定値。vLLM 0.9（v0.22 以降 0.92）、SGLang は GPU メモリ容量と TP による（server_args.py の表）、TensorRT-LLM 0.9。</translation>
    </message>
    <message>
        <source>vLLM --max-num-seqs / SGLang --max-running-requests / TensorRT-LLM --max_batch_size: sequences the engine runs at once</source>
        <translation>vLLM --max-num-seqs / SGLang --max-running-requests / TensorRT-LLM --max_batch_size: エンジンが同時に実行するシーケンス数</translation>
    </message>
    <message>
        <source>The engine&apos;s cap on running sequences. It bounds the batch the capacity figures use, the rows of the sampler the engine profiles at start-up and, for vLLM, the CUDA graphs it captures.</source>
        <translation>エンジンが同時に実行するシーケンスの上限。容量の数値が使うバッチ、起動時にエンジンがプロファイルするサンプラーの行数、そして vLLM ではキャプチャする CUDA グラフを制限します。</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>シーケンス</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): vLLM 1024 on GPUs of 70 GiB or more (256 on smaller ones and A100), SGLang its CUDA-graph batch by GPU size, TensorRT-LLM 2048.</source>
        <translation>「エンジン既定」(0): vLLM は 70 GiB 以上の GPU で 1024（それより小さい GPU と A100 では 256）、SGLang は GPU メモリ容量による CUDA グラフのバッチ、TensorRT-LLM は 2048。</translation>
    </message>
    <message>
        <source>Max &amp;sequences</source>
        <translation>最大シーケンス数(&amp;S)</translation>
    </message>
    <message>
        <source>vLLM --max-num-batched-tokens / SGLang --chunked-prefill-size: tokens per engine step</source>
        <translation>vLLM --max-num-batched-tokens / SGLang --chunked-prefill-size: エンジン 1 ステップあたりのトークン数</translation>
    </message>
    <message>
        <source>Tokens the engine runs in one step (a prefill chunk). The engine profiles a forward of this many tokens at start-up, so it sizes the activation peak.</source>
        <translation>エンジンが 1 ステップで実行するトークン数（プレフィルのチャンク）。エンジンは起動時にこの数のトークンで順伝播をプロファイルするため、活性化のピークを決めます。</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>&amp;Batched tokens</source>
        <translation>ステップあたりトークン数(&amp;B)</translation>
    </message>
    <message>
        <source>Change max sequences to %1</source>
        <translation>最大シーケンス数を %1 に変更</translation>
    </message>
    <message>
        <source>Change batched tokens to %1</source>
        <translation>ステップあたりトークン数を %1 に変更</translation>
    </message>
    <message>
        <source>Serve text only</source>
        <translation>テキストのみ提供</translation>
    </message>
    <message>
        <source>vLLM: no vision tower is built, loaded or profiled</source>
        <translation>vLLM: ビジョンタワーを構築・ロード・プロファイルしません</translation>
    </message>
    <message>
        <source>Serve a multimodal model&apos;s text only (vLLM --limit-mm-per-prompt with 0 images and videos). vLLM then builds no vision tower: its weights are not loaded and the profile pass on the largest dummy image, which can take more memory than the decoder&apos;s, does not run, so the KV pool grows. Image and video requests are refused.</source>
        <translation>マルチモーダルモデルのテキストのみを提供します（vLLM --limit-mm-per-prompt で画像と動画を 0）。vLLM はビジョンタワーを構築しません。その重みはロードされず、最大のダミー画像でのプロファイル（デコーダーより多くのメモリを使うことがあります）も実行されないため、KV プールが大きくなります。画像と動画のリクエストは拒否されます。</translation>
    </message>
    <message>
        <source>on or off</source>
        <translation>オンまたはオフ</translation>
    </message>
    <message>
        <source>default: off; other engines ignore it.</source>
        <translation>既定: オフ。他のエンジンは無視します。</translation>
    </message>
    <message>
        <source>Multimodal</source>
        <translation>マルチモーダル</translation>
    </message>
    <message>
        <source>Serve images and video</source>
        <translation>画像と動画を提供</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): vLLM 8192 on GPUs of 70 GiB or more (2048 on smaller ones and A100), SGLang its chunked prefill size by GPU size, TensorRT-LLM 8192.</source>
        <translation>「エンジン既定」(0): vLLM は 70 GiB 以上の GPU で 8192（それより小さい GPU と A100 では 2048）、SGLang は GPU サイズに応じたチャンク化プリフィルサイズ、TensorRT-LLM は 8192。</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation>（各 %1）</translation>
    </message>
    <message>
        <source>auto (0): the layout search, from the experts in the model&apos;s config.json (n_routed_experts or num_local_experts); with TP or PP given, off (EP 1), as the engines start without their expert-parallel flag.</source>
        <translation>自動 (0)：構成探索が、モデルの config.json のエキスパート数（n_routed_experts または num_local_experts）から決めます。TP または PP を指定した場合はオフ（EP 1）で、エキスパート並列のフラグなしで起動するエンジンと同じです。</translation>
    </message>
    <message>
        <source>Add GPU types...</source>
        <translation>GPU タイプを追加...</translation>
    </message>
    <message>
        <source>Read your own GPU types from a JSON file in resources/gpus.json&apos;s schema: a card the catalogue lacks, or your measured figures for one it has (same id). They are saved in the scenario (hardware.custom_gpus).</source>
        <translation>resources/gpus.json のスキーマの JSON ファイルから独自の GPU タイプを読み込みます。カタログにないカード、またはカタログにあるカードの実測値（同じ id）です。シナリオに保存されます（hardware.custom_gpus）。</translation>
    </message>
    <message>
        <source>Add GPU types</source>
        <translation>GPU タイプを追加</translation>
    </message>
    <message>
        <source>GPU types (*.json);;All files (*)</source>
        <translation>GPU タイプ (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1（独自）</translation>
    </message>
    <message>
        <source>%1 holds no GPU types</source>
        <translation>%1 には GPU タイプがありません</translation>
    </message>
    <message>
        <source>Add GPU types from %1</source>
        <translation>%1 から GPU タイプを追加</translation>
    </message>
    <message>
        <source>Adds GPU types of your own to the GPU list: a JSON file in resources/gpus.json&apos;s schema (an example: docs/examples/gpus-a30.json), one entry per type with its memory, usable memory, bandwidth, compute rates, node size and compute capability, each with its source. An entry with a catalogue id replaces that GPU&apos;s figures (your measured usable memory); a name that already names another GPU is refused. The types are saved in the scenario (hardware.custom_gpus); undo removes them.</source>
        <translation>独自の GPU タイプを GPU 一覧に追加します。resources/gpus.json のスキーマの JSON ファイル（例: docs/examples/gpus-a30.json）で、タイプごとにメモリ、使用可能メモリ、帯域幅、演算性能、ノードサイズ、compute capability をそれぞれ出典付きで記述します。カタログの id を持つエントリはその GPU の値（実測の使用可能メモリなど）を置き換え、別の GPU を指す名前は拒否されます。タイプはシナリオに保存され（hardware.custom_gpus）、元に戻すで削除されます。</translation>
    </message>
    <message>
        <source>none: the catalogue&apos;s GPU types only.</source>
        <translation>なし: カタログの GPU タイプのみ。</translation>
    </message>
    <message>
        <source>The SGLang release whose start-up memory rules SGLang plans follow</source>
        <translation>SGLang のプランが従う起動時メモリ規則の SGLang リリース</translation>
    </message>
    <message>
        <source>default: v0.5.14&apos;s rules, the newest (without speculative decoding they are v0.5.10&apos;s, checked against start-up logs of 2026).</source>
        <translation>既定：最新の v0.5.14 の規則（投機的デコードなしでは v0.5.10 と同じで、2026 年の起動ログで確認済み）。</translation>
    </message>
    <message>
        <source>SGLang rules</source>
        <translation>SGLang の規則</translation>
    </message>
    <message>
        <source>Change SGLang rules to %1</source>
        <translation>SGLang の規則を %1 に変更</translation>
    </message>
    <message>
        <source>The SGLang release whose start-up memory rules size an SGLang plan. The default --mem-fraction-static follows a table by TP size up to v0.4.7, a memory tier&apos;s reserve from v0.4.7.post1 and PR #10975&apos;s reserve from v0.5.3; from v0.5.10 the server captures piecewise CUDA graphs and reserves 8 MiB per capture size; from v0.5.14 a draft model&apos;s weights and KV cache come out of that fraction instead of the rest of the GPU.</source>
        <translation>SGLang プランの規模を決める SGLang リリースの起動時メモリ規則。既定の --mem-fraction-static は v0.4.7 までは TP サイズの表、v0.4.7.post1 からはメモリ階層ごとの予約、v0.5.3 からは PR #10975 の予約に従います。v0.5.10 からサーバーは区分 CUDA グラフをキャプチャし、キャプチャサイズごとに 8 MiB を予約します。v0.5.14 からはドラフトモデルの重みと KV キャッシュが GPU の残りではなくこの割合から割り当てられます。</translation>
    </message>
    <message>
        <source>an SGLang release from 0.4.0 on (for example 0.4.7.post1); it follows the newest rule set at or before it</source>
        <translation>0.4.0 以降の SGLang リリース（例: 0.4.7.post1）。それ以前で最新の規則セットに従います</translation>
    </message>
    <message>
        <source>Attention data parallel ranks (MoE models): TP / DP GPUs split each attention layer and hold their own sequences&apos; KV</source>
        <translation>アテンションのデータ並列数（MoE モデル）：TP / DP 個の GPU が各アテンション層を分割し、自分のシーケンスの KV を保持</translation>
    </message>
    <message>
        <source>Attention data parallelism for a mixture-of-experts model: the TP GPUs form DP groups of TP / DP GPUs; each group holds the attention weights and the KV cache of its own sequences, and the routed experts span all TP GPUs (vLLM --data-parallel-size with --enable-expert-parallel, SGLang --dp-size --enable-dp-attention). Must divide TP.</source>
        <translation>Mixture-of-Experts モデルのアテンション・データ並列：TP 個の GPU が TP / DP 個ずつの DP グループを作り、各グループがアテンションの重みと自分のシーケンスの KV キャッシュを持ち、ルーティングされるエキスパートは全 TP 個の GPU にまたがります（vLLM --data-parallel-size と --enable-expert-parallel、SGLang --dp-size --enable-dp-attention）。TP を割り切る必要があります。</translation>
    </message>
    <message>
        <source>attention groups (DP ranks)</source>
        <translation>アテンション・グループ（DP ランク）</translation>
    </message>
    <message>
        <source>&amp;Attention DP</source>
        <translation>アテンション DP(&amp;A)</translation>
    </message>
    <message>
        <source>attention DP</source>
        <translation>アテンション DP</translation>
    </message>
    <message>
        <source>; attention DP %1 (TP %2 per attention group)</source>
        <translation>；アテンション DP %1（アテンション・グループごとに TP %2）</translation>
    </message>
    <message>
        <source>DeepEP low latency</source>
        <translation>DeepEP 低レイテンシ</translation>
    </message>
    <message>
        <source>DeepEP high throughput</source>
        <translation>DeepEP 高スループット</translation>
    </message>
    <message>
        <source>The kernels that send tokens to the experts&apos; GPUs under expert parallelism</source>
        <translation>エキスパート並列でトークンをエキスパートの GPU に送るカーネル</translation>
    </message>
    <message>
        <source>The MoE all-to-all backend of an expert-parallel layout (vLLM --all2all-backend, used with attention DP; SGLang --moe-a2a-backend deepep --deepep-mode). DeepEP needs EP over all TP GPUs. vLLM: its buffers count inside the KV budget, the low-latency kernels use a batched expert workspace and, from v0.20, 256 tokens per step by default. SGLang: the shared experts are whole on every GPU, and the normal (high-throughput) mode turns CUDA graphs off.</source>
        <translation>エキスパート並列レイアウトの MoE all-to-all バックエンド（vLLM --all2all-backend、アテンション DP と併用；SGLang --moe-a2a-backend deepep --deepep-mode）。DeepEP は全 TP GPU にわたる EP が必要です。vLLM：そのバッファは KV 予算の内側に数えられ、低レイテンシ・カーネルはバッチ形式のエキスパート作業領域を使い、v0.20 以降は既定で 1 ステップ 256 トークンです。SGLang：共有エキスパートは各 GPU に丸ごと置かれ、normal（高スループット）モードは CUDA グラフを無効にします。</translation>
    </message>
    <message>
        <source>engine default, DeepEP low latency or DeepEP high throughput</source>
        <translation>エンジン既定、DeepEP 低レイテンシ、または DeepEP 高スループット</translation>
    </message>
    <message>
        <source>engine default: vLLM&apos;s allgather-reducescatter (naive before v0.11), SGLang&apos;s all-reduce over TP.</source>
        <translation>エンジン既定：vLLM の allgather-reducescatter（v0.11 より前は naive）、SGLang の TP 上の all-reduce。</translation>
    </message>
    <message>
        <source>MoE all-to-all</source>
        <translation>MoE all-to-all</translation>
    </message>
    <message>
        <source>Change the MoE all-to-all backend to %1</source>
        <translation>MoE all-to-all バックエンドを %1 に変更</translation>
    </message>
    <message>
        <source>auto (0): where HostPlan chooses the layout it also tries DP = TP for an MoE model and keeps the cheaper; where you give TP, none. 1: none, every GPU of the replica splits every attention layer.</source>
        <translation>自動（0）：HostPlan がレイアウトを選ぶ場合、MoE モデルでは DP = TP も試し、安い方を残します。TP を指定した場合はなし。1：なし、レプリカのすべての GPU が各アテンション層を分割します。</translation>
    </message>
    <message>
        <source>SGLang --cuda-graph-max-bs (requests) / vLLM --max-cudagraph-capture-size (tokens): the largest CUDA graph</source>
        <translation>SGLang --cuda-graph-max-bs（リクエスト数）/ vLLM --max-cudagraph-capture-size（トークン数）：最大の CUDA グラフ</translation>
    </message>
    <message>
        <source>The largest batch the engine captures as a CUDA graph at start-up. SGLang&apos;s default memory fraction reserves 2 MiB per request of it; vLLM captures one graph per size up to it.</source>
        <translation>エンジンが起動時に CUDA グラフとして取り込む最大のバッチ。SGLang の既定メモリ比率はその 1 リクエストあたり 2 MiB を確保します。vLLM はそこまでのサイズごとに 1 つのグラフを取り込みます。</translation>
    </message>
    <message>
        <source>requests (SGLang) or tokens (vLLM)</source>
        <translation>リクエスト数（SGLang）またはトークン数（vLLM）</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): SGLang by GPU size and TP (128 with DeepEP low latency), vLLM twice max_num_seqs times (1 + draft tokens), at most 512. TensorRT-LLM plans ignore it.</source>
        <translation>「エンジン既定」(0)：SGLang は GPU サイズと TP による（DeepEP 低レイテンシでは 128）、vLLM は max_num_seqs ×（1 + ドラフトトークン数）の 2 倍、最大 512。TensorRT-LLM のプランは無視します。</translation>
    </message>
    <message>
        <source>C&amp;UDA-graph batch</source>
        <translation>CUDA グラフ バッチ(&amp;U)</translation>
    </message>
    <message>
        <source>Change the CUDA-graph batch to %1</source>
        <translation>CUDA グラフのバッチを %1 に変更</translation>
    </message>
    <message>
        <source>a vLLM release HostPlan models: 0.28, 0.24, 0.22, 0.21, 0.20, 0.19, 0.11, 0.8, 0.7-v1 (v0.7 with VLLM_USE_V1=1), 0.6.5 (also v0.7&apos;s default V0) or 0.6.4 (V0); from 0.21 vLLM takes its CUDA-graph memory estimate out of the KV cache budget</source>
        <translation>HostPlan がモデル化する vLLM リリース：0.28、0.24、0.22、0.21、0.20、0.19、0.11、0.8、0.7-v1（v0.7 で VLLM_USE_V1=1）、0.6.5（v0.7 の既定の V0 も）または 0.6.4（V0）。0.21 以降、vLLM は CUDA グラフのメモリ見積もりを KV キャッシュ予算から差し引きます</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HelpActions</name>
    <message>
        <source>HostPlan &amp;Manual</source>
        <translation>HostPlan マニュアル(&amp;M)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HelpWindow</name>
    <message>
        <source>HostPlan Manual</source>
        <translation>HostPlan マニュアル</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>戻る(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>進む(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>目次(&amp;C)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::InputPanel</name>
    <message>
        <source>Not applied: %1</source>
        <translation>適用されませんでした：%1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::KvChart</name>
    <message>
        <source>KV cache: no plan (%1)</source>
        <translation>KVキャッシュ：プランなし（%1）</translation>
    </message>
    <message>
        <source>KV cache and concurrency vs context (%1 x %2, TP %3)</source>
        <translation>コンテキストに対する KVキャッシュと同時実行数（%1 x %2、TP %3）</translation>
    </message>
    <message>
        <source>KV per sequence (left)</source>
        <translation>シーケンスあたり KV（左軸）</translation>
    </message>
    <message>
        <source>Max sequences (right)</source>
        <translation>最大シーケンス数（右軸）</translation>
    </message>
    <message>
        <source>Context length in tokens (K = 1,024, M = 1,024 K; log scale)</source>
        <translation>コンテキスト長（トークン）（K = 1,024、M = 1,024 K、対数目盛）</translation>
    </message>
    <message>
        <source>GB per sequence per GPU (log)</source>
        <translation>GPU・シーケンスあたり GB（対数）</translation>
    </message>
    <message>
        <source>Sequences at once (log)</source>
        <translation>同時シーケンス数（対数）</translation>
    </message>
    <message>
        <source>Scenario: %1 tokens x %2</source>
        <translation>シナリオ：%1 トークン x %2</translation>
    </message>
    <message>
        <source>Context %1 tokens
KV cache + state: %2 per sequence per GPU
At most %3 at once</source>
        <translation>コンテキスト %1 トークン
KVキャッシュ + 状態：GPU・シーケンスあたり %2
同時に最大 %3</translation>
    </message>
    <message>
        <source>No room for KV cache: weights, activations and runtime fill the budget</source>
        <translation>KVキャッシュの空きがありません：重み、アクティベーション、ランタイムで予算を使い切っています</translation>
    </message>
    <message>
        <source>Scenario: %1 tokens x %2 per replica (%3 replicas)</source>
        <translation>シナリオ：%1 トークン x レプリカあたり %2（レプリカ %3 個）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::MainWindow</name>
    <message>
        <source>HostPlan</source>
        <translation>HostPlan</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>GPU あたり</translation>
    </message>
    <message>
        <source>Whole deployment</source>
        <translation>デプロイ全体</translation>
    </message>
    <message>
        <source>Show memory:</source>
        <translation>メモリ表示：</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>GPU types</source>
        <translation>GPU 種別</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KVキャッシュ</translation>
    </message>
    <message>
        <source>Break-even</source>
        <translation>損益分岐</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>スループット</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比較</translation>
    </message>
    <message>
        <source>Fits or not and why, memory per GPU, cost and break-even</source>
        <translation>収まるかとその理由、GPU あたりメモリ、コストと損益分岐</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision, with capacity lines</source>
        <translation>重みの精度別の GPU あたりメモリ（容量線付き）</translation>
    </message>
    <message>
        <source>GPUs needed for this workload on every catalogue GPU type</source>
        <translation>カタログの各 GPU 種別でこの負荷に必要な GPU 数</translation>
    </message>
    <message>
        <source>KV cache per sequence and maximum concurrency vs context</source>
        <translation>コンテキストに対するシーケンスあたり KVキャッシュと最大同時実行数</translation>
    </message>
    <message>
        <source>Monthly cost vs monthly tokens: API against self-hosting</source>
        <translation>月額コストと月間トークン：API とセルフホストの比較</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>ハードウェア</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>ワークロード</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>料金</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>プローブ</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新規(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>開く(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近使ったファイル(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>名前を付けて保存(&amp;A)...</translation>
    </message>
    <message>
        <source>Import &amp;Model...</source>
        <translation>モデルをインポート(&amp;M)...</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>モデルをインポート</translation>
    </message>
    <message>
        <source>Hugging Face model files (config.json *.index.json);;JSON (*.json)</source>
        <translation>Hugging Face モデルファイル (config.json *.index.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>やり直し(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比較(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Pin Current Scenario</source>
        <translation>現在のシナリオを固定(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About HostPlan</source>
        <translation>HostPlan について(&amp;A)</translation>
    </message>
    <message>
        <source>About HostPlan</source>
        <translation>HostPlan について</translation>
    </message>
    <message>
        <source>&lt;b&gt;HostPlan&lt;/b&gt; %1&lt;p&gt;Plans self-hosting of large language models: memory, GPUs, cost and break-even against an API. Every figure comes from the sizing core, with sources and dates in the catalogues.&lt;/p&gt;</source>
        <translation>&lt;b&gt;HostPlan&lt;/b&gt; %1&lt;p&gt;大規模言語モデルのセルフホスティングを計画します：メモリ、GPU、コスト、API との損益分岐。すべての数値はサイジングコアから算出され、カタログに出典と日付が記載されています。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>システムの言語</translation>
    </message>
    <message>
        <source>The language changes when HostPlan is started again.</source>
        <translation>言語は HostPlan の再起動後に切り替わります。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>無題のシナリオ</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>無題</translation>
    </message>
    <message>
        <source>%1 - %2[*] - HostPlan</source>
        <translation>%1 - %2[*] - HostPlan</translation>
    </message>
    <message>
        <source>API %1/month</source>
        <translation>API %1/月</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>API 価格なし</translation>
    </message>
    <message>
        <source>%1 on %2 x %3 | %4/month | %5</source>
        <translation>%2 x %3 に%1 | %4/月 | %5</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>収まる</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>収まらない</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>プランなし</translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation>開けませんでした</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>%1 を開きました</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>保存できませんでした</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 を保存しました</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>インポートできませんでした</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>キャンセルしました</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>シナリオを開く</translation>
    </message>
    <message>
        <source>HostPlan scenario (*.json)</source>
        <translation>HostPlan シナリオ (*.json)</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>シナリオを保存</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存の変更</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has unsaved changes. Save them?</source>
        <translation>「%1」には未保存の変更があります。保存しますか？</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>リストを消去</translation>
    </message>
    <message>
        <source>Restore unsaved changes</source>
        <translation>未保存の変更を復元</translation>
    </message>
    <message>
        <source>Deploy</source>
        <translation>デプロイ</translation>
    </message>
    <message>
        <source>This card</source>
        <translation>このカード</translation>
    </message>
    <message>
        <source>Serving commands for this plan, every flag explained</source>
        <translation>このプランのサービングコマンドと全フラグの説明</translation>
    </message>
    <message>
        <source>Which models run on one card with llama.cpp, at what context</source>
        <translation>llama.cpp で 1 枚のカードに載るモデルとそのコンテキスト</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>感度</translation>
    </message>
    <message>
        <source>How sure the decision is: ranges, inputs ranked, layouts&apos; latency</source>
        <translation>判断の確かさ：範囲、入力の影響順位、構成ごとのレイテンシ</translation>
    </message>
    <message>
        <source>Clear Pins</source>
        <translation>固定をすべて解除</translation>
    </message>
    <message>
        <source>Import from Hugging Face &amp;Hub...</source>
        <translation>Hugging Face Hub からインポート(&amp;H)...</translation>
    </message>
    <message>
        <source>Open of %1 cancelled</source>
        <translation>%1 を開く操作をキャンセルしました</translation>
    </message>
    <message>
        <source>Cannot open %1 while a model import runs</source>
        <translation>モデルのインポート中は %1 を開けません</translation>
    </message>
    <message>
        <source>the fetch from the Hugging Face Hub was cancelled; import the model again to fetch it</source>
        <translation>Hugging Face Hub からの取得はキャンセルされました。取得するにはモデルをもう一度インポートしてください</translation>
    </message>
    <message>
        <source>Starts short (%1 of %2 sequences)</source>
        <translation>起動するが不足（%2 シーケンス中 %1）</translation>
    </message>
    <message>
        <source> | %1 copies carry the workload: %2/month</source>
        <translation> | %1 コピーで負荷を処理：%2/月</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::MemoryChart</name>
    <message>
        <source>Memory: no plan (%1)</source>
        <translation>メモリ：プランなし（%1）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KVキャッシュ</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>アクティベーション</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>ランタイム</translation>
    </message>
    <message>
        <source>%1 with %2 weights: %3 %4
All components: %5 %4</source>
        <translation>%1、%2 の重み：%3 %4
全コンポーネント：%5 %4</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>GPU あたり</translation>
    </message>
    <message>
        <source>in total</source>
        <translation>合計</translation>
    </message>
    <message>
        <source>Weight format (quantizable groups)</source>
        <translation>重み形式（量子化可能なグループ）</translation>
    </message>
    <message>
        <source>GB per GPU (decimal)</source>
        <translation>GPU あたり GB（10 進）</translation>
    </message>
    <message>
        <source>GB in total (decimal)</source>
        <translation>合計 GB（10 進）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Usable per GPU
%1 (%2 GiB)</source>
        <translation>GPU あたり使用可能
%1（%2 GiB）</translation>
    </message>
    <message>
        <source>Engine budget
%1</source>
        <translation>エンジン予算
%1</translation>
    </message>
    <message>
        <source>One node (%1)
%2</source>
        <translation>1 ノード（%1）
%2</translation>
    </message>
    <message>
        <source>All %1
%2</source>
        <translation>全 %1
%2</translation>
    </message>
    <message>
        <source>One GPU
%1 (%2 GiB)</source>
        <translation>GPU 1 基
%1（%2 GiB）</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision (%1)</source>
        <translation>重み精度別の GPU あたりメモリ（%1）</translation>
    </message>
    <message>
        <source>Memory of the whole deployment by weight precision (%1)</source>
        <translation>重み精度別のデプロイ全体のメモリ（%1）</translation>
    </message>
    <message>
        <source>%1 replicas of %2 x %3, TP %4, EP %5, PP %6</source>
        <translation>%2 x %3 のレプリカ %1 個、TP %4、EP %5、PP %6</translation>
    </message>
    <message>
        <source>%1 x %2, TP %3, EP %4, PP %5</source>
        <translation>%1 x %2、TP %3、EP %4、PP %5</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ModelPanel</name>
    <message>
        <source>Embedding</source>
        <translation>埋め込み</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM head</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>アテンション</translation>
    </message>
    <message>
        <source>Dense MLP</source>
        <translation>密な MLP</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共有エキスパート</translation>
    </message>
    <message>
        <source>Routed experts</source>
        <translation>ルーテッドエキスパート</translation>
    </message>
    <message>
        <source>Router / other MoE</source>
        <translation>MoE ルーター等</translation>
    </message>
    <message>
        <source>Norms and biases</source>
        <translation>正規化とバイアス</translation>
    </message>
    <message>
        <source>Vision tower</source>
        <translation>ビジョンタワー</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>その他</translation>
    </message>
    <message>
        <source>Catalogue model (real Hugging Face config.json files). Type part of the name to search.</source>
        <translation>カタログのモデル（実際の Hugging Face config.json ファイル）。名前の一部を入力すると検索できます。</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>モデル(&amp;M)</translation>
    </message>
    <message>
        <source>Import file...</source>
        <translation>ファイルをインポート...</translation>
    </message>
    <message>
        <source>Import a Hugging Face config.json or model.safetensors.index.json (you can also drop files or folders on the window)</source>
        <translation>Hugging Face の config.json または model.safetensors.index.json をインポートします（ファイルやフォルダーをウィンドウにドロップすることもできます）</translation>
    </message>
    <message>
        <source>Import folder...</source>
        <translation>フォルダーをインポート...</translation>
    </message>
    <message>
        <source>Import a model folder holding config.json and, if present, model.safetensors.index.json</source>
        <translation>config.json と（あれば）model.safetensors.index.json を含むモデルフォルダーをインポートします</translation>
    </message>
    <message>
        <source>As shipped</source>
        <translation>配布時の形式</translation>
    </message>
    <message>
        <source>Re-quantize every quantizable group (attention, MLPs, experts, LM head); embeddings, norms and routers keep their format</source>
        <translation>量子化可能なすべてのグループ（アテンション、MLP、エキスパート、LM head）を再量子化します。埋め込み、正規化、ルーターは元の形式のままです</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>重み(&amp;W)</translation>
    </message>
    <message>
        <source>Per-group weight formats</source>
        <translation>グループごとの重み形式</translation>
    </message>
    <message>
        <source>Element format of the attention KV cache (vLLM --kv-cache-dtype)</source>
        <translation>アテンションの KVキャッシュの要素形式（vLLM --kv-cache-dtype）</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>KVキャッシュ(&amp;K)</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>再帰状態</translation>
    </message>
    <message>
        <source>Change model to %1</source>
        <translation>モデルを %1 に変更</translation>
    </message>
    <message>
        <source>Change weight format to %1</source>
        <translation>重み形式を %1 に変更</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 を %2 に変更</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KVキャッシュ形式</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>Change %1 format to %2</source>
        <translation>%1 の形式を %2 に変更</translation>
    </message>
    <message>
        <source>default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <translation>%1（インポート済み）</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>既定（%1）</translation>
    </message>
    <message>
        <source>%1 B parameters, %2 B active per token; weights %3</source>
        <translation>パラメータ %1 B、トークンあたりアクティブ %2 B、重み %3</translation>
    </message>
    <message>
        <source>Source: %1 (as of %2)</source>
        <translation>出典：%1（%2 時点）</translation>
    </message>
    <message>
        <source>%1 could not be imported: %2</source>
        <translation>%1 をインポートできません：%2</translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation>モデル %1 をインポート</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>モデルをインポート</translation>
    </message>
    <message>
        <source>Hugging Face model files (config.json *.index.json);;JSON (*.json)</source>
        <translation>Hugging Face モデルファイル (config.json *.index.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Import model folder</source>
        <translation>モデルフォルダーをインポート</translation>
    </message>
    <message>
        <source>The model to plan for, from the catalogue in resources/models/ (real Hugging Face config.json files, and model cards where no config is published). Type part of the name to search; Import file / Import folder add your own.</source>
        <translation>計画対象のモデル。resources/models/ のカタログから選びます（実際の Hugging Face config.json ファイル、config が公開されていない場合はモデルカード）。名前の一部を入力すると検索できます。「ファイルをインポート」/「フォルダーをインポート」で独自のモデルを追加できます。</translation>
    </message>
    <message>
        <source>Kimi K3, from the default scenario (resources/default-scenario.json).</source>
        <translation>Kimi K3、既定シナリオ（resources/default-scenario.json）より。</translation>
    </message>
    <message>
        <source>Reads a Hugging Face config.json (parameter counts by architecture) or a model.safetensors.index.json (exact bytes per tensor) as the scenario&apos;s model; undoable.</source>
        <translation>Hugging Face の config.json（アーキテクチャ別のパラメータ数）または model.safetensors.index.json（テンソルごとの正確なバイト数）をシナリオのモデルとして読み込みます。元に戻せます。</translation>
    </message>
    <message>
        <source>Reads a model folder: its config.json, refined by model.safetensors.index.json or the *.safetensors headers when present; undoable.</source>
        <translation>モデルフォルダーを読み込みます：config.json を、あれば model.safetensors.index.json または *.safetensors ヘッダーで補正します。元に戻せます。</translation>
    </message>
    <message>
        <source>Re-quantizes every quantizable tensor group (attention, MLPs, experts, LM head) to one number format; embeddings, norms and routers keep theirs.</source>
        <translation>量子化可能なすべてのテンソルグループ（アテンション、MLP、エキスパート、LM ヘッド）を 1 つの数値形式に再量子化します。埋め込み、正規化、ルーターは元の形式のままです。</translation>
    </message>
    <message>
        <source>bits per weight as the format defines them, scales included (BF16 16, FP8 8, MXFP4 4.25 with one E8M0 scale per 32, NVFP4 4.5 with one E4M3 scale per 16)</source>
        <translation>形式の定義どおりの重みあたりビット数、スケール込み（BF16 16、FP8 8、MXFP4 4.25 は 32 個ごとに E8M0 スケール 1 つ、NVFP4 4.5 は 16 個ごとに E4M3 スケール 1 つ）</translation>
    </message>
    <message>
        <source>As shipped: the formats of the model&apos;s own files (config.json quantization_config, safetensors dtypes).</source>
        <translation>配布時の形式：モデル自身のファイルの形式（config.json の quantization_config、safetensors の dtype）。</translation>
    </message>
    <message>
        <source>Element format of the attention KV cache (vLLM --kv-cache-dtype).</source>
        <translation>アテンション KVキャッシュの要素形式（vLLM --kv-cache-dtype）。</translation>
    </message>
    <message>
        <source>bytes per element (BF16 and FP16 2, FP8 1)</source>
        <translation>要素あたりバイト数（BF16 と FP16 は 2、FP8 は 1）</translation>
    </message>
    <message>
        <source>BF16, from the default scenario (the model&apos;s own dtype, as vLLM&apos;s &quot;auto&quot;).</source>
        <translation>BF16、既定シナリオより（モデル自身の dtype、vLLM の &quot;auto&quot; と同じ）。</translation>
    </message>
    <message>
        <source>bytes per element (FP32 4, BF16 and FP16 2)</source>
        <translation>要素あたりバイト数（FP32 は 4、BF16 と FP16 は 2）</translation>
    </message>
    <message>
        <source>Number format of this tensor group only (%1), overriding the Weights choice.</source>
        <translation>このテンソルグループ（%1）のみの数値形式。「重み」の選択より優先されます。</translation>
    </message>
    <message>
        <source>bits per weight as the format defines them, scales included</source>
        <translation>形式の定義どおりの重みあたりビット数、スケール込み</translation>
    </message>
    <message>
        <source>&quot;Default&quot;: the Weights choice above, or the format the model ships with.</source>
        <translation>「既定」：上の「重み」の選択、またはモデルの配布時の形式。</translation>
    </message>
    <message>
        <source>Reading the model files...</source>
        <translation>モデルファイルを読み込み中...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Import cancelled</source>
        <translation>インポートをキャンセルしました</translation>
    </message>
    <message>
        <source>Reading %1 from the Hugging Face cache or the Hub...</source>
        <translation>%1 を Hugging Face キャッシュまたは Hub から読み込み中...</translation>
    </message>
    <message>
        <source>Import from Hugging Face Hub</source>
        <translation>Hugging Face Hub からインポート</translation>
    </message>
    <message>
        <source>Hub id (org/name or org/name@revision), read from the local Hugging Face cache or else fetched from the Hub (config and safetensors headers only):</source>
        <translation>Hub ID（org/name または org/name@revision）。ローカルの Hugging Face キャッシュから読み込み、なければ Hub から取得します（config と safetensors ヘッダーのみ）：</translation>
    </message>
    <message>
        <source>Engine default</source>
        <translation>エンジンの既定値</translation>
    </message>
    <message>
        <source>Format of the recurrent state (models with KDA, Gated DeltaNet or Mamba layers)</source>
        <translation>再帰状態の形式（KDA、Gated DeltaNet、Mamba 層を持つモデル）</translation>
    </message>
    <message>
        <source>Format of the fixed-size recurrent state that linear-attention and Mamba layers (KDA, Gated DeltaNet, Mamba) keep per sequence; other models ignore it.</source>
        <translation>線形アテンション層と Mamba 層（KDA、Gated DeltaNet、Mamba）がシーケンスごとに保持する固定サイズの再帰状態の形式。他のモデルでは無視されます。</translation>
    </message>
    <message>
        <source>Engine default: what the plan&apos;s engine keeps for this model when started without a state-dtype flag (vLLM: the model&apos;s dtype, FP32 for KDA and where the config names it; SGLang: FP32 unless the config names another).</source>
        <translation>エンジンの既定値：状態 dtype フラグなしで起動したとき、プランのエンジンがこのモデルに使う形式（vLLM：モデルの dtype、KDA と設定で指定された場合は FP32。SGLang：設定が別の形式を指定しない限り FP32）。</translation>
    </message>
    <message>
        <source>Change state format to %1</source>
        <translation>状態形式を %1 に変更</translation>
    </message>
    <message>
        <source>Engine default (%1)</source>
        <translation>エンジンの既定値（%1）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::OffersDialog</name>
    <message>
        <source>Rental offers</source>
        <translation>レンタルオファー</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::OffersPanel</name>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>プロバイダー</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs / instance</source>
        <translation>GPU 数 / インスタンス</translation>
    </message>
    <message>
        <source>$ / GPU-hour (on demand)</source>
        <translation>$ / GPU時間（オンデマンド）</translation>
    </message>
    <message>
        <source>In the search</source>
        <translation>探索結果</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>インターコネクト</translation>
    </message>
    <message>
        <source>Clustered</source>
        <translation>クラスター化</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出典</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>時点</translation>
    </message>
    <message>
        <source>Instances can be clustered into one deployment over a fabric (TP / EP / PP across instances)</source>
        <translation>インスタンスをファブリック経由で 1 つのデプロイにクラスター化できます（インスタンスをまたぐ TP / EP / PP）</translation>
    </message>
    <message>
        <source>What the layout search made of the offer for this plan</source>
        <translation>このプランに対して構成探索がこのレンタルオファーをどう評価したか</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your offers&lt;/b&gt; (saved in the scenario as pricing.offers; double-click a cell to edit it, each change can be undone)</source>
        <translation>&lt;b&gt;独自のレンタルオファー&lt;/b&gt;（シナリオの pricing.offers に保存。セルをダブルクリックすると編集でき、各変更は元に戻せます）</translation>
    </message>
    <message>
        <source>&amp;Add offer</source>
        <translation>レンタルオファーを追加(&amp;A)</translation>
    </message>
    <message>
        <source>Add an offer for this GPU type; enter its shape and price</source>
        <translation>この GPU 種別のレンタルオファーを追加し、構成と価格を入力します</translation>
    </message>
    <message>
        <source>&amp;Remove offer</source>
        <translation>レンタルオファーを削除(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the selected offer of yours</source>
        <translation>選択した独自のレンタルオファーを削除します</translation>
    </message>
    <message>
        <source>&amp;Import offers...</source>
        <translation>レンタルオファーをインポート(&amp;I)...</translation>
    </message>
    <message>
        <source>Add the offers of a JSON offers file (the schema of offers.json, as hostplan-cli plan --offers reads)</source>
        <translation>JSON のオファーファイルからレンタルオファーを追加します（offers.json と同じスキーマ、hostplan-cli plan --offers が読む形式）</translation>
    </message>
    <message>
        <source>Import rental offers</source>
        <translation>レンタルオファーをインポート</translation>
    </message>
    <message>
        <source>Offers (*.json);;All files (*)</source>
        <translation>レンタルオファー (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>chosen: %1, %2 a month</source>
        <translation>選択：%1、月 %2</translation>
    </message>
    <message>
        <source>near tie: %1, %2 a month</source>
        <translation>僅差：%1、月 %2</translation>
    </message>
    <message>
        <source>dearer: %1, %2 a month</source>
        <translation>割高：%1、月 %2</translation>
    </message>
    <message>
        <source>too little memory</source>
        <translation>メモリ不足</translation>
    </message>
    <message>
        <source>too slow</source>
        <translation>速度不足</translation>
    </message>
    <message>
        <source>no layout the engines run</source>
        <translation>エンジンが実行できる構成なし</translation>
    </message>
    <message>
        <source>not ranked: GPUs per instance unknown</source>
        <translation>順位なし：インスタンスあたり GPU 数が不明</translation>
    </message>
    <message>
        <source>not ranked: price unknown</source>
        <translation>順位なし：価格が不明</translation>
    </message>
    <message>
        <source>not searched (another GPU type)</source>
        <translation>探索対象外（別の GPU 種別）</translation>
    </message>
    <message>
        <source>Entered by you: the catalogue has none</source>
        <translation>ユーザー入力：カタログに値なし</translation>
    </message>
    <message>
        <source>Overrides the catalogue offer of this id</source>
        <translation>この ID のカタログのレンタルオファーを上書きします</translation>
    </message>
    <message>
        <source>unknown — enter</source>
        <translation>不明 — 入力してください</translation>
    </message>
    <message>
        <source>reserved: %1</source>
        <translation>予約：%1</translation>
    </message>
    <message>
        <source>No on-demand price; reserved (%1) at %2 per GPU-hour</source>
        <translation>オンデマンド価格なし。予約（%1）は GPU時間あたり %2</translation>
    </message>
    <message>
        <source>price unknown — enter</source>
        <translation>価格不明 — 入力してください</translation>
    </message>
    <message>
        <source>Between instances: %1</source>
        <translation>インスタンス間：%1</translation>
    </message>
    <message>
        <source>Change offer %1 to %2</source>
        <translation>レンタルオファー %1 を %2 に変更</translation>
    </message>
    <message>
        <source>&lt;b&gt;Catalogue offers for %1&lt;/b&gt; (read-only; where the catalogue has no price or no instance shape, enter yours: it becomes an offer of yours with the same id)</source>
        <translation>&lt;b&gt;%1 のカタログのレンタルオファー&lt;/b&gt;（読み取り専用。カタログに価格やインスタンス構成がない場合は入力してください。同じ ID の独自のレンタルオファーになります）</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>プランなし：%1</translation>
    </message>
    <message>
        <source>Cheapest offer that carries the workload: &lt;b&gt;%1&lt;/b&gt; (%2), %3 at %4 per GPU-hour (%5): &lt;b&gt;%6 a month&lt;/b&gt;.</source>
        <translation>負荷を処理できる最安のレンタルオファー：&lt;b&gt;%1&lt;/b&gt;（%2）、%3、GPU時間あたり %4（%5）：&lt;b&gt;月 %6&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>No offer carries the workload: %1</source>
        <translation>負荷を処理できるレンタルオファーがありません：%1</translation>
    </message>
    <message>
        <source>GPUs per instance: &apos;%1&apos; is not a whole number</source>
        <translation>インスタンスあたり GPU 数：&apos;%1&apos; は整数ではありません</translation>
    </message>
    <message>
        <source>$ / GPU-hour: &apos;%1&apos; is not a number</source>
        <translation>$ / GPU時間：&apos;%1&apos; は数値ではありません</translation>
    </message>
    <message>
        <source>Change %1 of offer %2</source>
        <translation>レンタルオファー %2 の %1 を変更</translation>
    </message>
    <message>
        <source>Remove your figures for offer %1</source>
        <translation>レンタルオファー %1 の入力値を削除</translation>
    </message>
    <message>
        <source>figures the catalogue lacks entered by the user</source>
        <translation>カタログにない数値をユーザーが入力</translation>
    </message>
    <message>
        <source>Enter the price of offer %1: %2</source>
        <translation>レンタルオファー %1 の価格を入力：%2</translation>
    </message>
    <message>
        <source>Enter the instance shape of offer %1: %2</source>
        <translation>レンタルオファー %1 のインスタンス構成を入力：%2</translation>
    </message>
    <message>
        <source>My provider</source>
        <translation>マイプロバイダー</translation>
    </message>
    <message>
        <source>entered by the user</source>
        <translation>ユーザーが入力</translation>
    </message>
    <message>
        <source>Add rental offer %1</source>
        <translation>レンタルオファー %1 を追加</translation>
    </message>
    <message>
        <source>Remove rental offer %1</source>
        <translation>レンタルオファー %1 を削除</translation>
    </message>
    <message>
        <source>Import rental offers %1</source>
        <translation>レンタルオファー %1 をインポート</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ParetoChart</name>
    <message>
        <source>TP %1 x EP %2 x PP %3 x DP %4 on %5
TTFT %6 ms, TPOT %7 ms (medians at the workload)
%8 tokens/s, %9 per 1M output tokens at capacity</source>
        <translation>%5 上で TP %1 x EP %2 x PP %3 x DP %4
TTFT %6 ms、TPOT %7 ms（ワークロードでの中央値）
%8 tokens/s、フル稼働時の出力 1M トークンあたり %9</translation>
    </message>
    <message>
        <source>Offer: %1</source>
        <translation>レンタルオファー：%1</translation>
    </message>
    <message>
        <source>On the front</source>
        <translation>フロント上</translation>
    </message>
    <message>
        <source>Beaten on latency and cost by a layout on the front</source>
        <translation>フロント上の構成にレイテンシとコストで劣る</translation>
    </message>
    <message>
        <source>Your plan</source>
        <translation>現在のプラン</translation>
    </message>
    <message>
        <source>Layouts: no plan (%1)</source>
        <translation>構成：プランなし（%1）</translation>
    </message>
    <message>
        <source>Layouts: no layout carries the workload</source>
        <translation>構成：負荷を処理できる構成がありません</translation>
    </message>
    <message>
        <source>Layouts at your workload</source>
        <translation>このワークロードでの構成</translation>
    </message>
    <message>
        <source>Beaten</source>
        <translation>劣位</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>フロント</translation>
    </message>
    <message>
        <source>Median TPOT (ms)</source>
        <translation>TPOT の中央値（ms）</translation>
    </message>
    <message>
        <source>Median TTFT (ms)</source>
        <translation>TTFT の中央値（ms）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::PricingPanel</name>
    <message>
        <source> /GPU-h</source>
        <translation> /GPU時間</translation>
    </message>
    <message>
        <source>Rental rate of one GPU for one hour, USD</source>
        <translation>GPU 1 基の 1 時間あたりレンタル料金（USD）</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>カタログ</translation>
    </message>
    <message>
        <source>Use the catalogue rate for this GPU type</source>
        <translation>この GPU 種別のカタログ料金を使用</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU 料金</translation>
    </message>
    <message>
        <source> h/month</source>
        <translation> 時間/月</translation>
    </message>
    <message>
        <source>Hours in a month: 730 = 365 x 24 / 12; 720 = a 30-day month</source>
        <translation>1 か月の時間数：730 = 365 x 24 / 12、720 = 30 日の月</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月</translation>
    </message>
    <message>
        <source>API whose prices the plan is compared against</source>
        <translation>プランの比較対象となる API</translation>
    </message>
    <message>
        <source>Cheapest API for this model</source>
        <translation>このモデルで最も安い API</translation>
    </message>
    <message>
        <source>&amp;API</source>
        <translation>API(&amp;A)</translation>
    </message>
    <message>
        <source>Import price list...</source>
        <translation>価格表をインポート...</translation>
    </message>
    <message>
        <source>Add API prices from a JSON or CSV price list (the schema of prices.json); undoable</source>
        <translation>JSON または CSV の価格表から API 価格を追加します（prices.json と同じスキーマ）。元に戻せます</translation>
    </message>
    <message>
        <source> /1M input</source>
        <translation> /1M 入力</translation>
    </message>
    <message>
        <source>API price of 1M uncached input tokens, USD</source>
        <translation>キャッシュされない入力 1M トークンあたりの API 価格（USD）</translation>
    </message>
    <message>
        <source> /1M cached</source>
        <translation> /1M キャッシュ</translation>
    </message>
    <message>
        <source>API price of 1M cached input tokens, USD</source>
        <translation>キャッシュされた入力 1M トークンあたりの API 価格（USD）</translation>
    </message>
    <message>
        <source> /1M output</source>
        <translation> /1M 出力</translation>
    </message>
    <message>
        <source>API price of 1M output tokens, USD</source>
        <translation>出力 1M トークンあたりの API 価格（USD）</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>入力</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>キャッシュ入力</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>出力</translation>
    </message>
    <message>
        <source>Catalogue prices</source>
        <translation>カタログ価格</translation>
    </message>
    <message>
        <source>Use the catalogue prices of the chosen API</source>
        <translation>選択した API のカタログ価格を使用</translation>
    </message>
    <message>
        <source>Change GPU rate to %1</source>
        <translation>GPU 料金を %1 に変更</translation>
    </message>
    <message>
        <source>Use the catalogue GPU rate</source>
        <translation>カタログの GPU 料金を使用</translation>
    </message>
    <message>
        <source>Change hours per month to %1</source>
        <translation>月間時間数を %1 に変更</translation>
    </message>
    <message>
        <source>Import price list</source>
        <translation>価格表をインポート</translation>
    </message>
    <message>
        <source>Price lists (*.json *.csv);;All files (*)</source>
        <translation>価格表 (*.json *.csv);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Compare against %1</source>
        <translation>%1 と比較</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 を %2 に変更</translation>
    </message>
    <message>
        <source>API input price</source>
        <translation>API 入力価格</translation>
    </message>
    <message>
        <source>API cached input price</source>
        <translation>API キャッシュ入力価格</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API 出力価格</translation>
    </message>
    <message>
        <source>Use the catalogue API prices</source>
        <translation>カタログの API 価格を使用</translation>
    </message>
    <message>
        <source>Import price list %1</source>
        <translation>価格表 %1 をインポート</translation>
    </message>
    <message>
        <source>%1 (%2 a month)</source>
        <translation>%1（月 %2）</translation>
    </message>
    <message>
        <source>%1 rate</source>
        <translation>%1 の料金</translation>
    </message>
    <message>
        <source>Your rate. Catalogue: %1/GPU-hour</source>
        <translation>設定した料金。カタログ：%1/GPU時間</translation>
    </message>
    <message>
        <source>Catalogue rate</source>
        <translation>カタログ料金</translation>
    </message>
    <message>
        <source>source: %1, as of %2</source>
        <translation>出典：%1、%2 時点</translation>
    </message>
    <message>
        <source>Cheapest: %1</source>
        <translation>最安：%1</translation>
    </message>
    <message>
        <source>No catalogue API for this model: enter prices above.</source>
        <translation>このモデルにはカタログの API がありません：上で価格を入力してください。</translation>
    </message>
    <message>
        <source>Edited prices, based on %1</source>
        <translation>編集済みの価格（%1 に基づく）</translation>
    </message>
    <message>
        <source>Catalogue prices of %1</source>
        <translation>%1 のカタログ価格</translation>
    </message>
    <message>
        <source> /1M input (= output, not entered)</source>
        <translation> /1M 入力（= 出力、未入力）</translation>
    </message>
    <message>
        <source> /1M cached (= input, not entered)</source>
        <translation> /1M キャッシュ（= 入力、未入力）</translation>
    </message>
    <message>
        <source> /1M output (= input, not entered)</source>
        <translation> /1M 出力（= 入力、未入力）</translation>
    </message>
    <message>
        <source>Rental rate of one GPU for one hour. Typing a rate prices every offer at it.</source>
        <translation>GPU 1 基の 1 時間あたりのレンタル料金。料金を入力すると、すべてのレンタルオファーがその料金で評価されます。</translation>
    </message>
    <message>
        <source>USD per GPU-hour</source>
        <translation>USD / GPU時間</translation>
    </message>
    <message>
        <source>the on-demand rate of the rental offer the layout search chose (resources/offers.json), else the GPU&apos;s rate in resources/prices.json; source and date are shown below. Catalogue rates are stated assumptions: use your provider&apos;s quote.</source>
        <translation>構成探索が選んだレンタルオファーのオンデマンド料金（resources/offers.json）、なければ resources/prices.json の GPU 料金。出典と日付は下に表示されます。カタログ料金は明示された仮定です：プロバイダーの見積もりを使ってください。</translation>
    </message>
    <message>
        <source>Drops your rate and uses the catalogue&apos;s again.</source>
        <translation>設定した料金を破棄し、再びカタログ料金を使います。</translation>
    </message>
    <message>
        <source>Rental offers...</source>
        <translation>レンタルオファー...</translation>
    </message>
    <message>
        <source>The offers the layout search ranks for this GPU type; add your own or enter a price the catalogue lacks</source>
        <translation>この GPU 種別について構成探索が順位付けするレンタルオファー。独自に追加するか、カタログにない価格を入力します</translation>
    </message>
    <message>
        <source>Hours in one month, for monthly rental and API figures.</source>
        <translation>1 か月の時間数。月額レンタルと API の数値に使います。</translation>
    </message>
    <message>
        <source>hours per month</source>
        <translation>月あたり時間</translation>
    </message>
    <message>
        <source>730 = 365 x 24 / 12, the average month (720 is a 30-day month).</source>
        <translation>730 = 365 x 24 / 12、平均的な月（720 は 30 日の月）。</translation>
    </message>
    <message>
        <source>The API whose prices the plan is compared against; the list holds the APIs in resources/prices.json (and imported price lists) that sell the plan&apos;s model.</source>
        <translation>プランの比較対象となる API。一覧には resources/prices.json（およびインポートした価格表）の API のうち、プランのモデルを提供するものが含まれます。</translation>
    </message>
    <message>
        <source>the cheapest API for this model at your token mix, or the default scenario&apos;s choice.</source>
        <translation>現在のトークン構成でこのモデルに最も安い API、または既定シナリオの選択。</translation>
    </message>
    <message>
        <source>Adds API prices from a JSON file (the api schema of resources/prices.json) or a CSV file with the same column names, as one undoable edit.</source>
        <translation>JSON ファイル（resources/prices.json の api スキーマ）または同じ列名の CSV ファイルから API 価格を追加します。1 回の操作として元に戻せます。</translation>
    </message>
    <message>
        <source>the chosen API&apos;s prices in resources/prices.json (source and as_of shown below).</source>
        <translation>resources/prices.json にある選択した API の価格（source と as_of は下に表示）。</translation>
    </message>
    <message>
        <source>API price of uncached input (prompt) tokens.</source>
        <translation>キャッシュされない入力（プロンプト）トークンの API 価格。</translation>
    </message>
    <message>
        <source>USD per 1M tokens</source>
        <translation>USD / 1M トークン</translation>
    </message>
    <message>
        <source>API price of input tokens served from the provider&apos;s prompt cache.</source>
        <translation>プロバイダーのプロンプトキャッシュから提供される入力トークンの API 価格。</translation>
    </message>
    <message>
        <source>the chosen API&apos;s cached-input price in resources/prices.json, or its input price where the provider publishes no discount.</source>
        <translation>resources/prices.json にある選択した API のキャッシュ入力価格。プロバイダーが割引を公表していない場合は入力価格。</translation>
    </message>
    <message>
        <source>API price of generated (output) tokens.</source>
        <translation>生成（出力）トークンの API 価格。</translation>
    </message>
    <message>
        <source>Drops your prices and uses the chosen API&apos;s catalogue prices.</source>
        <translation>設定した価格を破棄し、選択した API のカタログ価格を使います。</translation>
    </message>
    <message>
        <source>Batch API prices</source>
        <translation>バッチ API 価格</translation>
    </message>
    <message>
        <source>An offline workload that can wait for the providers&apos; batch APIs: compare with their batch prices where published</source>
        <translation>プロバイダーのバッチ API を待てるオフライン負荷：公表されている場合はバッチ価格と比較します</translation>
    </message>
    <message>
        <source>Use batch API prices</source>
        <translation>バッチ API 価格を使用</translation>
    </message>
    <message>
        <source>Use standard API prices</source>
        <translation>標準 API 価格を使用</translation>
    </message>
    <message>
        <source>Tier: prompts above %1 tokens (%2 per request here)</source>
        <translation>ティア：%1 トークンを超えるプロンプト（ここではリクエストあたり %2）</translation>
    </message>
    <message>
        <source>Tier: base prices (%1 prompt tokens per request)</source>
        <translation>ティア：基本価格（リクエストあたりプロンプト %1 トークン）</translation>
    </message>
    <message>
        <source>batch price, %1% off</source>
        <translation>バッチ価格、%1% 割引</translation>
    </message>
    <message>
        <source>no batch price published: standard prices</source>
        <translation>バッチ価格の公表なし：標準価格</translation>
    </message>
    <message>
        <source>Opens the rental offers editor: the catalogue&apos;s offers for this GPU type with the layout search&apos;s verdict on each, and your own offers (add, edit, import, remove; each change undoable and saved in the scenario).</source>
        <translation>レンタルオファーのエディターを開きます：この GPU 種別のカタログのオファーと各オファーへの構成探索の判定、およびあなた自身のオファー（追加・編集・インポート・削除。各変更は元に戻せ、シナリオに保存されます）。</translation>
    </message>
    <message>
        <source>Compare with the providers&apos; published batch prices (often 50% off) instead of their standard prices, for offline workloads that can wait. Default: off.</source>
        <translation>標準価格の代わりに、プロバイダーが公開しているバッチ価格（多くは 50% 引き）と比較します。待てるオフラインのワークロード向け。既定：オフ。</translation>
    </message>
    <message>
        <source>Rate of the chosen offer %1 (%2, %3); the %4 catalogue rate is %5/GPU-hour</source>
        <translation>選択したレンタルオファー %1 の料金（%2、%3）。%4 のカタログ料金は %5/GPU時間</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ProbePanel</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>no GPU found</source>
        <translation>GPU が見つかりません</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>収まらない</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>Probe remote host</source>
        <translation>リモートホストをプローブ</translation>
    </message>
    <message>
        <source>user@host or an alias from ~/.ssh/config</source>
        <translation>user@host または ~/.ssh/config のエイリアス</translation>
    </message>
    <message>
        <source>default</source>
        <translation>既定</translation>
    </message>
    <message>
        <source>optional: ssh agent or config by default</source>
        <translation>任意：既定では ssh エージェントまたは設定を使用</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>参照...</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>ホスト：</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>ポート：</translation>
    </message>
    <message>
        <source>Identity file:</source>
        <translation>ID ファイル：</translation>
    </message>
    <message>
        <source>Probe on the host:</source>
        <translation>ホスト上のプローブ：</translation>
    </message>
    <message>
        <source>HostPlan runs your own ssh client with your ssh config and keys, without password prompts (BatchMode). It stores no passwords.</source>
        <translation>HostPlan はお使いの ssh クライアントを、ssh の設定と鍵とともにパスワード入力なし（BatchMode）で実行します。パスワードは保存しません。</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>プローブ</translation>
    </message>
    <message>
        <source>Identity file</source>
        <translation>ID ファイル</translation>
    </message>
    <message>
        <source>Probe this machine</source>
        <translation>このマシンをプローブ</translation>
    </message>
    <message>
        <source>Import report...</source>
        <translation>レポートをインポート...</translation>
    </message>
    <message>
        <source>Probe remote host...</source>
        <translation>リモートホストをプローブ...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>No probe report yet.</source>
        <translation>プローブレポートはまだありません。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Planned / GPU</source>
        <translation>計画 / GPU</translation>
    </message>
    <message>
        <source>Free (measured)</source>
        <translation>空き（実測）</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余裕</translation>
    </message>
    <message>
        <source>Fit (current plan)</source>
        <translation>適合（現プラン）</translation>
    </message>
    <message>
        <source>Copy bandwidth (measured)</source>
        <translation>コピー帯域幅（実測）</translation>
    </message>
    <message>
        <source>HBM bandwidth (catalogue)</source>
        <translation>HBM 帯域幅（カタログ）</translation>
    </message>
    <message>
        <source>Measured / catalogue</source>
        <translation>実測 / カタログ</translation>
    </message>
    <message>
        <source>hostplan-probe was not found next to HostPlan or on PATH.</source>
        <translation>hostplan-probe が HostPlan と同じ場所にも PATH にも見つかりません。</translation>
    </message>
    <message>
        <source>Import probe report</source>
        <translation>プローブレポートをインポート</translation>
    </message>
    <message>
        <source>Probe reports (*.json);;All files (*)</source>
        <translation>プローブレポート (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Could not import the report: %1</source>
        <translation>レポートをインポートできません：%1</translation>
    </message>
    <message>
        <source>Report from %1, %2. Probe result for the plan it was run with (%3 per GPU): %4.</source>
        <translation>%1 のレポート、%2。実行時のプラン（GPU あたり %3）に対するプローブ結果：%4。</translation>
    </message>
    <message>
        <source>Report from %1, %2. Probe result: %3.</source>
        <translation>%1 のレポート、%2。プローブ結果：%3。</translation>
    </message>
    <message>
        <source>Verdicts for the current plan: %1 per GPU on %2 x %3.</source>
        <translation>現在のプランの判定：%2 x %3 で GPU あたり %1。</translation>
    </message>
    <message>
        <source>No current plan: verdicts for the plan the report was run with: %1 per GPU on %2 x %3.</source>
        <translation>現在のプランなし：レポート実行時のプランの判定：%2 x %3 で GPU あたり %1。</translation>
    </message>
    <message>
        <source>No plan to compare with.</source>
        <translation>比較するプランがありません。</translation>
    </message>
    <message>
        <source>Fit (report&apos;s plan)</source>
        <translation>適合（レポートのプラン）</translation>
    </message>
    <message>
        <source>%1 found on %2.</source>
        <translation>%2 で %1 が見つかりました。</translation>
    </message>
    <message>
        <source>The plan needs %1; the verdicts are per GPU.</source>
        <translation>プランには %1 が必要です。判定は GPU ごとです。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Fits (verified)</source>
        <translation>収まる（検証済み）</translation>
    </message>
    <message>
        <source>Fits (free memory)</source>
        <translation>収まる（空きメモリ）</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>収まらない</translation>
    </message>
    <message>
        <source>-</source>
        <translation>-</translation>
    </message>
    <message>
        <source>Choose the identity file, from ~/.ssh by default.</source>
        <translation>ID ファイルを選択します（既定は ~/.ssh）。</translation>
    </message>
    <message>
        <source>The machine to probe over ssh: user@host, or a Host alias from your ~/.ssh/config.</source>
        <translation>ssh でプローブするマシン：user@host、または ~/.ssh/config の Host エイリアス。</translation>
    </message>
    <message>
        <source>the host of the last remote probe (empty the first time).</source>
        <translation>前回のリモートプローブのホスト（初回は空）。</translation>
    </message>
    <message>
        <source>The ssh port on the remote host.</source>
        <translation>リモートホストの ssh ポート。</translation>
    </message>
    <message>
        <source>TCP port number</source>
        <translation>TCP ポート番号</translation>
    </message>
    <message>
        <source>&quot;default&quot; (0): ssh&apos;s own choice, port 22 or the Port in your ~/.ssh/config.</source>
        <translation>「既定」(0)：ssh 自身の選択。ポート 22 または ~/.ssh/config の Port。</translation>
    </message>
    <message>
        <source>The private key ssh logs in with (ssh -i).</source>
        <translation>ssh がログインに使う秘密鍵（ssh -i）。</translation>
    </message>
    <message>
        <source>empty: your ssh agent and ~/.ssh/config choose the key.</source>
        <translation>空：ssh エージェントと ~/.ssh/config が鍵を選びます。</translation>
    </message>
    <message>
        <source>The hostplan-probe command on the remote host, with its path if it is not on the PATH there.</source>
        <translation>リモートホスト上の hostplan-probe コマンド。そこで PATH にない場合はパス付きで指定します。</translation>
    </message>
    <message>
        <source>hostplan-probe (found on the remote PATH).</source>
        <translation>hostplan-probe（リモートの PATH 上で検出）。</translation>
    </message>
    <message>
        <source>Runs hostplan-probe on this computer: lists the GPUs, checks that the current plan&apos;s bytes per GPU can be allocated, and times copy bandwidth and the MXFP4 kernels. Without a GPU it says so and changes nothing.</source>
        <translation>このコンピューターで hostplan-probe を実行します：GPU を一覧表示し、現在のプランの GPU あたりバイト数を確保できるか確認し、コピー帯域幅と MXFP4 カーネルを計測します。GPU がない場合はその旨を表示し、何も変更しません。</translation>
    </message>
    <message>
        <source>Runs hostplan-probe on a rented node over your own ssh (BatchMode, your keys and config; no passwords are stored) and reads back its JSON report.</source>
        <translation>お使いの ssh（BatchMode、お使いの鍵と設定。パスワードは保存しません）でレンタルノード上の hostplan-probe を実行し、その JSON レポートを読み込みます。</translation>
    </message>
    <message>
        <source>Reads a JSON report written by hostplan-probe all -o report.json on another machine (probe/probereport.h, schema_version 1).</source>
        <translation>別のマシンで hostplan-probe all -o report.json により書き出された JSON レポートを読み込みます（probe/probereport.h、schema_version 1）。</translation>
    </message>
    <message>
        <source>Stops the running probe; the probe frees every allocation.</source>
        <translation>実行中のプローブを停止します。プローブはすべての確保領域を解放します。</translation>
    </message>
    <message>
        <source>One row per GPU found: the plan&apos;s bytes per GPU against the free memory the probe measured, whether the plan fits, and the measured copy bandwidth against the catalogue&apos;s HBM figure (resources/gpus.json).</source>
        <translation>検出した GPU ごとに 1 行：プランの GPU あたりバイト数とプローブが測定した空きメモリの比較、プランが収まるかどうか、測定したコピー帯域幅とカタログの HBM 値（resources/gpus.json）の比較。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ProbeRemote</name>
    <message>
        <source>No host given.</source>
        <translation>ホストが指定されていません。</translation>
    </message>
    <message>
        <source>A host name cannot start with &apos;-&apos;.</source>
        <translation>ホスト名を「-」で始めることはできません。</translation>
    </message>
    <message>
        <source>A host name cannot contain spaces or control characters.</source>
        <translation>ホスト名に空白や制御文字を含めることはできません。</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>このマシン</translation>
    </message>
    <message>
        <source>A probe is already running.</source>
        <translation>プローブはすでに実行中です。</translation>
    </message>
    <message>
        <source>Starting the probe on this machine</source>
        <translation>このマシンでプローブを開始しています</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>%1 に接続しています</translation>
    </message>
    <message>
        <source>Could not start the probe %1: %2. Build hostplan-probe or set its path.</source>
        <translation>プローブ %1 を開始できません：%2。hostplan-probe をビルドするか、パスを設定してください。</translation>
    </message>
    <message>
        <source>Could not start the ssh client %1: %2. Install OpenSSH.</source>
        <translation>ssh クライアント %1 を開始できません：%2。OpenSSH をインストールしてください。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>キャンセルしました。</translation>
    </message>
    <message>
        <source>The ssh client for %1 ended abnormally. %2</source>
        <translation>%1 の ssh クライアントが異常終了しました。%2</translation>
    </message>
    <message>
        <source>The probe crashed. %1</source>
        <translation>プローブがクラッシュしました。%1</translation>
    </message>
    <message>
        <source>Could not reach %1: %2</source>
        <translation>%1 に接続できません：%2</translation>
    </message>
    <message>
        <source>ssh failed</source>
        <translation>ssh が失敗しました</translation>
    </message>
    <message>
        <source>hostplan-probe was not found on %1 (%2). Install it there or give its path.</source>
        <translation>%1 で hostplan-probe が見つかりません（%2）。そこにインストールするか、パスを指定してください。</translation>
    </message>
    <message>
        <source>The probe on %1 exited with code %2 without a report. %3</source>
        <translation>%1 のプローブはレポートを出さずにコード %2 で終了しました。%3</translation>
    </message>
    <message>
        <source>%1 answered, but not with a probe report: %2</source>
        <translation>%1 から応答がありましたが、プローブレポートではありません：%2</translation>
    </message>
    <message>
        <source>Report received from %1</source>
        <translation>%1 からレポートを受信しました</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Rate</name>
    <message>
        <source>Cost at your rate of %1 per GPU-hour (every offer is ranked at it too).</source>
        <translation>設定した料金 GPU時間あたり %1 でのコスト（すべてのレンタルオファーもこの料金で順位付けされます）。</translation>
    </message>
    <message>
        <source>Cost at the chosen offer&apos;s own rate: %1 per GPU-hour, %2 (%3 %4).</source>
        <translation>選択したレンタルオファー自身の料金でのコスト：GPU時間あたり %1、%2（%3 %4）。</translation>
    </message>
    <message>
        <source>Cost at the %1 catalogue rate of %2 per GPU-hour, as the GPU count or layout is yours.</source>
        <translation>%1 のカタログ料金 GPU時間あたり %2 でのコスト（GPU 数または構成がユーザー指定のため）。</translation>
    </message>
    <message>
        <source>The layout search ranks each offer at its own rate: its choice, %1, costs %2 a month at %3 per GPU-hour.</source>
        <translation>構成探索は各レンタルオファーをそれぞれの料金で順位付けします：選ばれた %1 は GPU時間あたり %3 で月 %2 です。</translation>
    </message>
    <message>
        <source>on demand</source>
        <translation>オンデマンド</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>リザーブド</translation>
    </message>
    <message>
        <source>reserved (%1)</source>
        <translation>リザーブド（%1）</translation>
    </message>
    <message>
        <source>No GPU-hour rate is known for %1, so the rental cost is unknown, not free.</source>
        <translation>%1 の GPU 時間単価は不明のため、レンタル費用は無料ではなく不明です。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Report</name>
    <message>
        <source>Assumptions: every input and catalogue figure used</source>
        <translation>前提：使用したすべての入力とカタログの数値</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出典</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>時点</translation>
    </message>
    <message>
        <source>Scenario input</source>
        <translation>シナリオ入力</translation>
    </message>
    <message>
        <source>Scenario input (%1)</source>
        <translation>シナリオ入力（%1）</translation>
    </message>
    <message>
        <source>Scenario name</source>
        <translation>シナリオ名</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Weights format</source>
        <translation>重み形式</translation>
    </message>
    <message>
        <source>as shipped in the checkpoint</source>
        <translation>チェックポイントの配布時の形式</translation>
    </message>
    <message>
        <source>Format of %1 weights</source>
        <translation>%1 の重みの形式</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KVキャッシュ形式</translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation>GPU 種別</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>auto (practical count: %1)</source>
        <translation>自動（実用数：%1）</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>ノードあたり GPU 数</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>並列構成</translation>
    </message>
    <message>
        <source>TP %1, EP %2, PP %3</source>
        <translation>TP %1、EP %2、PP %3</translation>
    </message>
    <message>
        <source>HostPlan&apos;s preferred layout for the GPU count (core/sizing/fit.h)</source>
        <translation>この GPU 数に対する HostPlan の推奨構成（core/sizing/fit.h）</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>サービングエンジン</translation>
    </message>
    <message>
        <source>Engine memory fraction</source>
        <translation>エンジンのメモリ割合</translation>
    </message>
    <message>
        <source>State slots per request</source>
        <translation>リクエストあたりの状態スロット数</translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation>KV ブロックサイズ</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 トークン</translation>
    </message>
    <message>
        <source>Prefill chunk</source>
        <translation>プリフィルのチャンク</translation>
    </message>
    <message>
        <source>Activations per GPU</source>
        <translation>GPU あたりアクティベーション</translation>
    </message>
    <message>
        <source>Runtime overhead per GPU</source>
        <translation>GPU あたりランタイムのオーバーヘッド</translation>
    </message>
    <message>
        <source>Context per sequence</source>
        <translation>シーケンスあたりコンテキスト</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>同時シーケンス数</translation>
    </message>
    <message>
        <source>Input tokens per month</source>
        <translation>月間入力トークン</translation>
    </message>
    <message>
        <source>Cached input tokens per month</source>
        <translation>月間キャッシュ入力トークン</translation>
    </message>
    <message>
        <source>Output tokens per month</source>
        <translation>月間出力トークン</translation>
    </message>
    <message>
        <source>Hours per day rented</source>
        <translation>1 日のレンタル時間</translation>
    </message>
    <message>
        <source>Heavy user&apos;s tokens per month</source>
        <translation>ヘビーユーザーの月間トークン</translation>
    </message>
    <message>
        <source>Hours per month</source>
        <translation>月間時間数</translation>
    </message>
    <message>
        <source>GPU-hour rate (%1)</source>
        <translation>GPU時間あたり料金（%1）</translation>
    </message>
    <message>
        <source>%1 per 1M tokens</source>
        <translation>1M トークンあたり %1</translation>
    </message>
    <message>
        <source>API compared</source>
        <translation>比較する API</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>API 価格なし</translation>
    </message>
    <message>
        <source>the model&apos;s default API (catalogue)</source>
        <translation>モデルの既定 API（カタログ）</translation>
    </message>
    <message>
        <source>API input price</source>
        <translation>API 入力価格</translation>
    </message>
    <message>
        <source>API cached input price</source>
        <translation>API キャッシュ入力価格</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API 出力価格</translation>
    </message>
    <message>
        <source>Also sold by: %1</source>
        <translation>他の提供元：%1</translation>
    </message>
    <message>
        <source>%1 in / %2 out per 1M tokens; %3 a month for this workload</source>
        <translation>1M トークンあたり入力 %1 / 出力 %2、このワークロードで月 %3</translation>
    </message>
    <message>
        <source>Total parameters</source>
        <translation>総パラメータ数</translation>
    </message>
    <message>
        <source>Active parameters per token</source>
        <translation>トークンあたりアクティブパラメータ数</translation>
    </message>
    <message>
        <source>Weights (after formats)</source>
        <translation>重み（形式適用後）</translation>
    </message>
    <message>
        <source>Checkpoint size</source>
        <translation>チェックポイントのサイズ</translation>
    </message>
    <message>
        <source>Maximum context</source>
        <translation>最大コンテキスト</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>エキスパート</translation>
    </message>
    <message>
        <source>%1 routed, %2 active per token, %3 shared</source>
        <translation>ルーティング %1、トークンあたりアクティブ %2、共有 %3</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Advertised memory per GPU</source>
        <translation>GPU あたり公称メモリ</translation>
    </message>
    <message>
        <source>Usable memory per GPU</source>
        <translation>GPU あたり使用可能メモリ</translation>
    </message>
    <message>
        <source>HBM bandwidth per GPU</source>
        <translation>GPU あたり HBM 帯域幅</translation>
    </message>
    <message>
        <source>Native MXFP4</source>
        <translation>ネイティブ MXFP4</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <source>no (dequantized at run time)</source>
        <translation>いいえ（実行時に逆量子化）</translation>
    </message>
    <message>
        <source>%1 memory</source>
        <translation>%1 のメモリ</translation>
    </message>
    <message>
        <source>%1 GPU-hour rate</source>
        <translation>%1 の GPU時間あたり料金</translation>
    </message>
    <message>
        <source>Rental cost of %1 at %2 per GPU-hour</source>
        <translation>%1 のレンタル料（GPU時間あたり %2）</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>期間</translation>
    </message>
    <message>
        <source>GPU-hours, 24 h/day</source>
        <translation>GPU時間、1 日 24 時間</translation>
    </message>
    <message>
        <source>Cost, always on</source>
        <translation>コスト、常時稼働</translation>
    </message>
    <message>
        <source>GPU-hours, %1 h/day</source>
        <translation>GPU時間、1 日 %1 時間</translation>
    </message>
    <message>
        <source>Cost at %1 h/day</source>
        <translation>1 日 %1 時間のコスト</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 時間</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 日</translation>
    </message>
    <message>
        <source>30 days (720 h)</source>
        <translation>30 日（720 時間）</translation>
    </message>
    <message>
        <source>Month (%1 h, as planned)</source>
        <translation>月（%1 時間、計画どおり）</translation>
    </message>
    <message>
        <source>The same tokens at API prices (%1): %2 per month. The hour row is one hour of running GPUs; &quot;at %3 h/day&quot; rents them only for those hours.</source>
        <translation>同じトークンを API 価格（%1）で：月 %2。「時間」の行は GPU を 1 時間稼働した場合です。「1 日 %3 時間」はその時間だけレンタルします。</translation>
    </message>
    <message>
        <source>No API price is known for this model, so there is no API comparison. The hour row is one hour of running GPUs; &quot;at %1 h/day&quot; rents them only for those hours.</source>
        <translation>このモデルの API 価格が不明なため、API との比較はありません。「時間」の行は GPU を 1 時間稼働した場合です。「1 日 %1 時間」はその時間だけレンタルします。</translation>
    </message>
    <message>
        <source>Weights by tensor group</source>
        <translation>テンソルグループ別の重み</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>グループ</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>形式</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>パラメータ</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>モデル全体</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>GPU あたり</translation>
    </message>
    <message>
        <source>sharded</source>
        <translation>分割</translation>
    </message>
    <message>
        <source>replicated</source>
        <translation>複製</translation>
    </message>
    <message>
        <source>All groups</source>
        <translation>全グループ</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>主要な数値</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>項目</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>収まる</translation>
    </message>
    <message>
        <source>no</source>
        <translation>いいえ</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 (TP %2, EP %3, PP %4)</source>
        <translation>%1（TP %2、EP %3、PP %4）</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>ワークロード</translation>
    </message>
    <message>
        <source>%1 of %2 tokens (up to %3 fit)</source>
        <translation>%2 トークンの %1（最大 %3 まで収まる）</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>GPU あたりメモリ</translation>
    </message>
    <message>
        <source>%1 needed of %2 usable</source>
        <translation>使用可能 %2 のうち %1 が必要</translation>
    </message>
    <message>
        <source>Memory in total</source>
        <translation>メモリ合計</translation>
    </message>
    <message>
        <source>Memory floor (weights only)</source>
        <translation>メモリ下限（重みのみ）</translation>
    </message>
    <message>
        <source>Practical count / pilot range</source>
        <translation>実用数 / パイロット範囲</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>%1 まででなし</translation>
    </message>
    <message>
        <source>GPU-hour rate</source>
        <translation>GPU時間あたり料金</translation>
    </message>
    <message>
        <source>Monthly rental, always on (%1 h)</source>
        <translation>月額レンタル料、常時稼働（%1 時間）</translation>
    </message>
    <message>
        <source>Monthly rental at %1 h/day</source>
        <translation>月額レンタル料、1 日 %1 時間</translation>
    </message>
    <message>
        <source>API, same volume (%1)</source>
        <translation>API、同じ利用量（%1）</translation>
    </message>
    <message>
        <source>API, same volume</source>
        <translation>API、同じ利用量</translation>
    </message>
    <message>
        <source>Self-hosted cost per 1M output tokens</source>
        <translation>セルフホストの出力 1M トークンあたりコスト</translation>
    </message>
    <message>
        <source>n/a (the plan does not fit)</source>
        <translation>該当なし（プランが収まらない）</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity (%1% utilisation)</source>
        <translation>フル稼働時の出力 1M トークンあたりコスト（利用率 %1%）</translation>
    </message>
    <message>
        <source>Break-even output volume</source>
        <translation>損益分岐となる出力量</translation>
    </message>
    <message>
        <source>Break-even heavy users</source>
        <translation>損益分岐ヘビーユーザー数</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>推奨</translation>
    </message>
    <message>
        <source>Memory per GPU (most loaded GPU) and in total (%1, TP %2, EP %3, PP %4)</source>
        <translation>GPU あたりメモリ（最も負荷の高い GPU）と合計（%1、TP %2、EP %3、PP %4）</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>コンポーネント</translation>
    </message>
    <message>
        <source>All %1</source>
        <translation>全 %1</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>KV cache (%1 x %2 tokens)</source>
        <translation>KVキャッシュ（%1 x %2 トークン）</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>アクティベーション</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>ランタイムのオーバーヘッド</translation>
    </message>
    <message>
        <source>Total needed</source>
        <translation>必要量の合計</translation>
    </message>
    <message>
        <source>Engine budget (memory fraction %1)</source>
        <translation>エンジン予算（メモリ割合 %1）</translation>
    </message>
    <message>
        <source>Usable GPU memory (driver total)</source>
        <translation>使用可能な GPU メモリ（ドライバーの合計）</translation>
    </message>
    <message>
        <source>Room for KV cache and state</source>
        <translation>KVキャッシュと状態に使える容量</translation>
    </message>
    <message>
        <source>Options across GPU types (%1, %2 of %3 tokens)</source>
        <translation>GPU 種別ごとの選択肢（%1、%3 トークンの %2）</translation>
    </message>
    <message>
        <source>Memory floor</source>
        <translation>メモリ下限</translation>
    </message>
    <message>
        <source>Practical count</source>
        <translation>実用数</translation>
    </message>
    <message>
        <source>Sequences at %1 ms</source>
        <translation>%1 ms でのシーケンス数</translation>
    </message>
    <message>
        <source>Pilot range</source>
        <translation>パイロット範囲</translation>
    </message>
    <message>
        <source>Per GPU-hour</source>
        <translation>GPU時間あたり</translation>
    </message>
    <message>
        <source>Month at %1 h/day</source>
        <translation>1 日 %1 時間の月額</translation>
    </message>
    <message>
        <source>Month always on</source>
        <translation>常時稼働の月額</translation>
    </message>
    <message>
        <source> (scenario)</source>
        <translation>（シナリオ）</translation>
    </message>
    <message>
        <source>0 (too slow)</source>
        <translation>0（遅すぎる）</translation>
    </message>
    <message>
        <source>the API costs %1 per month for the same tokens.</source>
        <translation>同じトークンの API 費用は月 %1 です。</translation>
    </message>
    <message>
        <source>no API price is known for this model.</source>
        <translation>このモデルの API 価格は不明です。</translation>
    </message>
    <message>
        <source>Each probed GPU against the plan</source>
        <translation>プローブした各 GPU とプランの比較</translation>
    </message>
    <message>
        <source>Planned per GPU</source>
        <translation>GPU あたり計画量</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空き</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余裕</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation>実測帯域幅</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>カタログ</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比率</translation>
    </message>
    <message>
        <source>No probe report is attached. Run hostplan-probe on the rented machine (hostplan-probe all --json --scenario FILE &gt; probe.json) and attach the report: hostplan-cli report --probe-report probe.json, or import it in the Probe panel before exporting from the GUI.</source>
        <translation>プローブレポートが添付されていません。レンタルしたマシンで hostplan-probe を実行し（hostplan-probe all --json --scenario FILE &gt; probe.json）、レポートを添付してください：hostplan-cli report --probe-report probe.json。または GUI からエクスポートする前に「プローブ」パネルでインポートしてください。</translation>
    </message>
    <message>
        <source>Probe report from host %1, %2 (%3 %4); status: %5; GPUs found: %6.</source>
        <translation>ホスト %1 のプローブレポート、%2（%3 %4）。状態：%5。検出された GPU：%6。</translation>
    </message>
    <message>
        <source>The probed machine has %1, the plan is for %2: the verdicts below test the plan&apos;s memory per GPU on the probed GPUs, and the plan&apos;s speed figures are not calibrated by this report.</source>
        <translation>プローブしたマシンは %1、プランは %2 向けです。以下の判定はプランの GPU あたりメモリをプローブした GPU で検証したもので、プランの速度の数値はこのレポートで較正されていません。</translation>
    </message>
    <message>
        <source>The plan needs %1 and the probed machine has %2: the verdicts are per GPU.</source>
        <translation>プランには %1 が必要で、プローブしたマシンには %2 があります。判定は GPU ごとです。</translation>
    </message>
    <message>
        <source>Fits (verified)</source>
        <translation>収まる（検証済み）</translation>
    </message>
    <message>
        <source>Fits (free memory)</source>
        <translation>収まる（空きメモリ）</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>収まらない</translation>
    </message>
    <message>
        <source>GPU %1: %2.</source>
        <translation>GPU %1：%2。</translation>
    </message>
    <message>
        <source>API</source>
        <translation>API</translation>
    </message>
    <message>
        <source>Burst rental</source>
        <translation>バーストレンタル</translation>
    </message>
    <message>
        <source>Dedicated</source>
        <translation>専有</translation>
    </message>
    <message>
        <source>No API comparison</source>
        <translation>API 比較なし</translation>
    </message>
    <message>
        <source>%1: no API price is known for %2; set one in the scenario&apos;s pricing to compare renting %3 (%4 a month at %5 h/day) with paying per token.</source>
        <translation>%1：%2 の API 価格が不明です。%3 のレンタル（1 日 %5 時間で月 %4）とトークン課金を比較するには、シナリオの料金で設定してください。</translation>
    </message>
    <message>
        <source>%1: %2 does not carry this workload; stay on the API until a configuration fits (practical count: %3).</source>
        <translation>%1：%2 ではこの負荷を処理できません。収まる構成が見つかるまで API を使い続けてください（実用数：%3）。</translation>
    </message>
    <message>
        <source>none up to %1 GPUs</source>
        <translation>GPU %1 基まででなし</translation>
    </message>
    <message>
        <source>%1: the API would cost %2 per month, more than %3 always on (%4); rent or own them around the clock.</source>
        <translation>%1：API は月 %2 かかり、%3 の常時稼働（%4）より高くなります。24 時間レンタルするか購入してください。</translation>
    </message>
    <message>
        <source>%1: rent %2 for %3 h/day (%4 per month) instead of the API (%5); always on (%6) would cost more than the API.</source>
        <translation>%1：API（%5）の代わりに %2 を 1 日 %3 時間レンタル（月 %4）。常時稼働（%6）は API より高くなります。</translation>
    </message>
    <message>
        <source>%1-%2 GPUs</source>
        <translation>GPU %1-%2 基</translation>
    </message>
    <message>
        <source>HostPlan budget report</source>
        <translation>HostPlan 予算レポート</translation>
    </message>
    <message>
        <source>Fits on %1</source>
        <translation>%1 に収まる</translation>
    </message>
    <message>
        <source>Does not fit on %1</source>
        <translation>%1 に収まらない</translation>
    </message>
    <message>
        <source>%1 (TP %2, EP %3, PP %4) carry %5 of %6 tokens of %7; up to %8 fit at once.</source>
        <translation>%1（TP %2、EP %3、PP %4）で %7 の %5（%6 トークン）を処理。同時に最大 %8 まで収まります。</translation>
    </message>
    <message>
        <source>Does not fit: %1.</source>
        <translation>収まらない：%1。</translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation>注：%1。</translation>
    </message>
    <message>
        <source>Stale price: %1 is from %2, %3 days before this report (older than %4 days); check the provider&apos;s page before deciding.</source>
        <translation>古い価格：%1 は %2 時点のもので、このレポートより %3 日前です（%4 日より古い）。判断する前に提供元のページを確認してください。</translation>
    </message>
    <message>
        <source>Recommendation: API when the plan does not fit, or when the API bill for the workload&apos;s tokens is no more than renting at the chosen hours a day; Dedicated when the API bill is more than renting the GPUs always on; Burst rental in between (renting for the chosen hours beats the API, always on does not).</source>
        <translation>推奨：プランが収まらない場合、またはワークロードのトークンの API 請求額が選択した 1 日の時間でのレンタル料以下の場合は API。API 請求額が GPU の常時稼働レンタル料を超える場合は専有。その中間はバーストレンタル（選択した時間のレンタルは API より安いが、常時稼働は安くない）。</translation>
    </message>
    <message>
        <source>Memory floor: GPUs whose advertised memory (decimal GB) holds the weights alone, ceil(weights / memory per GPU). It is a boundary, not a deployment.</source>
        <translation>メモリ下限：公称メモリ（10 進 GB）で重みだけを格納できる GPU 数、ceil(重み / GPU あたりメモリ)。これは境界値であり、デプロイ構成ではありません。</translation>
    </message>
    <message>
        <source>Practical count: the smallest rentable count (1 GPU, or whole nodes of the GPU&apos;s node size) whose preferred layout (TP inside a node, PP across nodes) holds the weights, activations, runtime and the KV cache of the workload within the engine&apos;s memory budget.</source>
        <translation>実用数：推奨構成（ノード内で TP、ノード間で PP）が、エンジンのメモリ予算内に重み、アクティベーション、ランタイム、ワークロードの KVキャッシュを格納できる最小のレンタル可能数（GPU 1 基、またはその GPU のノードサイズ単位のノード）。</translation>
    </message>
    <message>
        <source>Costs: GPU-hours x rate. A month is %1 h (365 x 24 / 12) always on; at H h/day it is H x %1 / 24 h. 30 days = 720 h.</source>
        <translation>コスト：GPU時間 x 料金。常時稼働の 1 か月は %1 時間（365 x 24 / 12）、1 日 H 時間なら H x %1 / 24 時間。30 日 = 720 時間。</translation>
    </message>
    <message>
        <source>API cost: input, cached input and output tokens a month x the API&apos;s price per 1M tokens. Break-even: the output volume (input and cached input growing in the same ratio) at which the API bill equals the rental at the chosen hours a day; heavy users: the rental divided by one heavy user&apos;s API bill (all tokens billed as output).</source>
        <translation>API コスト：月間の入力、キャッシュ入力、出力トークン x API の 1M トークンあたり価格。損益分岐：API 請求額が選択した 1 日の時間でのレンタル料と等しくなる出力量（入力とキャッシュ入力も同じ比率で増加）。ヘビーユーザー：レンタル料をヘビーユーザー 1 人の API 請求額（全トークンを出力として課金）で割った数。</translation>
    </message>
    <message>
        <source>never</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1（続き）</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>%1 / %2 ページ</translation>
    </message>
    <message>
        <source>HostPlan budget report · %1 · %2</source>
        <translation>HostPlan 予算レポート · %1 · %2</translation>
    </message>
    <message>
        <source>Date %1 · model %2 · %3 x %4</source>
        <translation>日付 %1 · モデル %2 · %3 x %4</translation>
    </message>
    <message>
        <source> · scenario file %1</source>
        <translation> · シナリオファイル %1</translation>
    </message>
    <message>
        <source>1. Executive summary</source>
        <translation>1. エグゼクティブサマリー</translation>
    </message>
    <message>
        <source>2. Cost</source>
        <translation>2. コスト</translation>
    </message>
    <message>
        <source>3. Memory</source>
        <translation>3. メモリ</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision</source>
        <translation>重みの精度別の GPU あたりメモリ</translation>
    </message>
    <message>
        <source>4. Options across GPU types</source>
        <translation>4. GPU 種別ごとの選択肢</translation>
    </message>
    <message>
        <source>Monthly rental per GPU type</source>
        <translation>GPU 種別ごとの月額レンタル料</translation>
    </message>
    <message>
        <source>Every input of the scenario and every catalogue figure the plan used, with its source and date. Replace an assumption by editing the scenario (or the catalogue files) and export the report again.</source>
        <translation>プランで使用したシナリオのすべての入力とカタログのすべての数値（出典と日付付き）。前提を置き換えるには、シナリオ（またはカタログファイル）を編集してレポートを再度エクスポートしてください。</translation>
    </message>
    <message>
        <source>All figures come from HostPlan&apos;s core (the same numbers as hostplan-cli plan --json and the GUI). Bytes are decimal GB (10^9) with binary GiB (2^30) in brackets; money is USD.</source>
        <translation>すべての数値は HostPlan のコアから算出されます（hostplan-cli plan --json や GUI と同じ数値）。バイト数は 10 進の GB（10^9）、括弧内は 2 進の GiB（2^30）、金額は USD です。</translation>
    </message>
    <message>
        <source>Cannot write the report: the scenario has no plan (%1)</source>
        <translation>レポートを書き出せません：シナリオにプランがありません（%1）</translation>
    </message>
    <message>
        <source>Cannot write the report: the charts need a QApplication</source>
        <translation>レポートを書き出せません：グラフには QApplication が必要です</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be started</source>
        <translation>%1 に書き込めません：PDF を開始できませんでした</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be finished</source>
        <translation>%1 に書き込めません：PDF を完了できませんでした</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
    <message>
        <source>Decimal GB (10^9 bytes) with binary GiB (2^30 bytes) in brackets. KV cache: %1 bytes per token for the whole model, %2 per GPU. Up to %3 of %4 tokens fit at once.</source>
        <translation>10 進の GB（10^9 バイト）、括弧内は 2 進の GiB（2^30 バイト）。KV キャッシュ：モデル全体で 1 トークンあたり %1 バイト、GPU あたり %2 バイト。%4 トークンの %3 まで同時に収まります。</translation>
    </message>
    <message>
        <source>GPU-hour rate (%1, offer %2, %3)</source>
        <translation>GPU時間料金（%1、レンタルオファー %2、%3）</translation>
    </message>
    <message>
        <source>API context-length tier</source>
        <translation>API コンテキスト長ティア</translation>
    </message>
    <message>
        <source>prompts above %1 tokens (%2 per request in this workload)</source>
        <translation>%1 トークンを超えるプロンプト（この負荷ではリクエストあたり %2）</translation>
    </message>
    <message>
        <source>base prices (%1 prompt tokens per request in this workload)</source>
        <translation>基本価格（この負荷ではリクエストあたりプロンプト %1 トークン）</translation>
    </message>
    <message>
        <source>Batch API prices</source>
        <translation>バッチ API 価格</translation>
    </message>
    <message>
        <source>yes, %1% off</source>
        <translation>はい、%1% 割引</translation>
    </message>
    <message>
        <source>asked for; this API publishes none (standard prices)</source>
        <translation>指定あり。この API は公表していません（標準価格）</translation>
    </message>
    <message>
        <source>API price range</source>
        <translation>API 価格の範囲</translation>
    </message>
    <message>
        <source>%1 - %2 a month for this workload; break-even %3 - %4</source>
        <translation>この負荷で月 %1 - %2、損益分岐 %3 - %4</translation>
    </message>
    <message>
        <source>Memory per GPU (most loaded GPU), per replica and for all %1 replicas (%2, TP %3, EP %4, PP %5 per replica)</source>
        <translation>GPU あたりメモリ（最も負荷の高い GPU）、レプリカごとおよび全 %1 レプリカ（レプリカごとに %2、TP %3、EP %4、PP %5）</translation>
    </message>
    <message>
        <source>Per replica (%1)</source>
        <translation>レプリカごと（%1）</translation>
    </message>
    <message>
        <source>All %1 replicas (%2)</source>
        <translation>全 %1 レプリカ（%2）</translation>
    </message>
    <message>
        <source>5. Serving commands</source>
        <translation>5. サービングコマンド</translation>
    </message>
    <message>
        <source>The launch commands for this plan, the same text as hostplan-cli serve-cmd and the Deploy tab; the table under each command says where each value comes from. Names such as ${HEAD_IP} are shell variables to set on each node.</source>
        <translation>このプランの起動コマンド。hostplan-cli serve-cmd および「デプロイ」タブと同じテキストです。各コマンドの下の表は、それぞれの値の由来を示します。${HEAD_IP} などの名前は、各ノードで設定するシェル変数です。</translation>
    </message>
    <message>
        <source>First, on the nodes:</source>
        <translation>まず、各ノードで：</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>6. Probe results</source>
        <translation>6. プローブ結果</translation>
    </message>
    <message>
        <source>7. Assumptions</source>
        <translation>7. 前提</translation>
    </message>
    <message>
        <source>8. How the figures are derived</source>
        <translation>8. 数値の算出方法</translation>
    </message>
    <message>
        <source>%1: flags</source>
        <translation>%1：フラグ</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>フラグ</translation>
    </message>
    <message>
        <source>Why this value</source>
        <translation>この値の理由</translation>
    </message>
    <message>
        <source>(model)</source>
        <translation>（モデル）</translation>
    </message>
    <message>
        <source>How sure the decision is</source>
        <translation>判断の確かさ</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1 倍</translation>
    </message>
    <message>
        <source>Decision figures with their ranges</source>
        <translation>判断の数値とその範囲</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>Likely</source>
        <translation>想定</translation>
    </message>
    <message>
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Output tokens a month at capacity</source>
        <translation>フル稼働時の月間出力トークン</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity</source>
        <translation>フル稼働時の出力 1M トークンあたりコスト</translation>
    </message>
    <message>
        <source>Heavy users served</source>
        <translation>処理できるヘビーユーザー数</translation>
    </message>
    <message>
        <source>Break-even volume (output tokens a month)</source>
        <translation>損益分岐量（月間出力トークン）</translation>
    </message>
    <message>
        <source>Heavy users needed</source>
        <translation>必要なヘビーユーザー数</translation>
    </message>
    <message>
        <source>API bill a month</source>
        <translation>月額 API 料金</translation>
    </message>
    <message>
        <source>Capacity, cost and users served span the throughput model&apos;s measured band; break-even and the API bill span the API price&apos;s published range. Low is the slow end for capacity and users, the cheap end for cost and the API bill, and the dear end of the price for break-even.</source>
        <translation>容量、コスト、処理できるユーザー数はスループットモデルの実測誤差の幅にわたり、損益分岐と API 料金は API 価格の公表範囲にわたります。「低」は、容量とユーザー数では遅い側、コストと API 料金では安い側、損益分岐では価格の高い側です。</translation>
    </message>
    <message>
        <source>Inputs ranked by how much they move the decision (-20% / +20%)</source>
        <translation>判断への影響が大きい順の入力（-20% / +20%）</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>入力</translation>
    </message>
    <message>
        <source>Cost per 1M at -20%</source>
        <translation>-20% での 1M あたりコスト</translation>
    </message>
    <message>
        <source>Cost per 1M at +20%</source>
        <translation>+20% での 1M あたりコスト</translation>
    </message>
    <message>
        <source>Capacity / break-even at -20%</source>
        <translation>-20% での容量 / 損益分岐</translation>
    </message>
    <message>
        <source>Capacity / break-even at +20%</source>
        <translation>+20% での容量 / 損益分岐</translation>
    </message>
    <message>
        <source>Swing</source>
        <translation>変動幅</translation>
    </message>
    <message>
        <source>Today: %1 per 1M output tokens at capacity, capacity %2 of the break-even volume. The swing is the larger relative change of either.</source>
        <translation>現在：フル稼働時の出力 1M トークンあたり %1、容量は損益分岐量の %2。変動幅は両者のうち大きい方の相対変化です。</translation>
    </message>
    <message>
        <source>Serves the break-even volume (%1 output tokens a month) even at the slow end of the throughput band (%2).</source>
        <translation>スループットの幅の遅い側（%2）でも損益分岐量（月 %1 出力トークン）を処理できます。</translation>
    </message>
    <message>
        <source>Falls short of the break-even volume (%1 output tokens a month) even at the fast end of the throughput band (%2).</source>
        <translation>スループットの幅の速い側（%2）でも損益分岐量（月 %1 出力トークン）に届きません。</translation>
    </message>
    <message>
        <source>Too close to call: the throughput band (%1 - %2 output tokens a month) straddles the break-even volume (%3). Deciding assumption: %4.</source>
        <translation>僅差で判定不能：スループットの幅（月 %1 - %2 出力トークン）が損益分岐量（%3）をまたいでいます。決め手となる前提：%4。</translation>
    </message>
    <message>
        <source>Over the API price&apos;s published range the break-even volume is %1 - %2: too close to call on price as well.</source>
        <translation>API 価格の公表範囲では損益分岐量は %1 - %2 です：価格の面でも僅差で判定不能です。</translation>
    </message>
    <message>
        <source>Draft %1: weights %2 per GPU, KV %3 bytes per token (%4 for the pool), profiled forward %5.</source>
        <translation>ドラフト %1：重み GPU あたり %2、KV トークンあたり %3 バイト（プール分 %4）、プロファイル時のフォワード %5。</translation>
    </message>
    <message>
        <source>low-concurrency</source>
        <translation>低同時実行数</translation>
    </message>
    <message>
        <source>decode-heavy</source>
        <translation>デコード中心</translation>
    </message>
    <message>
        <source>prefill-heavy</source>
        <translation>プリフィル中心</translation>
    </message>
    <message>
        <source>utilisation %1 (HostPlan&apos;s assumption): at %2 the modelled capacity equals the break-even volume; the model&apos;s measured band in the %3 regime is %4-%5x of the modelled rate</source>
        <translation>利用率 %1（HostPlan の前提）：利用率 %2 でモデル推定の容量が損益分岐量と等しくなります。%3 の条件でのモデルの実測幅はモデル推定レートの %4-%5 倍です</translation>
    </message>
    <message>
        <source>Headroom after the draft&apos;s weights and KV pool, in the memory that --mem-fraction-static keeps outside the static pool: %1 per GPU.</source>
        <translation>ドラフトの重みと KV プールを差し引いた後の、--mem-fraction-static が静的プールの外に確保するメモリの余裕：GPU あたり %1。</translation>
    </message>
    <message>
        <source>Recurrent state format</source>
        <translation>再帰状態の形式</translation>
    </message>
    <message>
        <source>engine default: %1</source>
        <translation>エンジンの既定値：%1</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>再帰状態</translation>
    </message>
    <message>
        <source>%1 default (HostPlan core/engine/engine.cpp, from the engine&apos;s source)</source>
        <translation>%1 の既定値（HostPlan core/engine/engine.cpp、エンジンのソースから）</translation>
    </message>
    <message>
        <source>%1 start-up rules (HostPlan core/engine)</source>
        <translation>%1 の起動時ルール（HostPlan core/engine）</translation>
    </message>
    <message>
        <source>%1: the profiled peak of the forward over the prefill chunk, the sampler and the draft</source>
        <translation>%1: プレフィルのチャンクでの順伝播、サンプラー、ドラフトのプロファイル時のピーク</translation>
    </message>
    <message>
        <source>%1: CUDA context, communication buffers, non-torch memory and CUDA graphs</source>
        <translation>%1: CUDA コンテキスト、通信バッファ、torch 外のメモリ、CUDA グラフ</translation>
    </message>
    <message>
        <source>The vision encoder&apos;s profile pass before the decoder&apos;s: peak %1 per GPU, then %2 of its outputs and %3 of its dummy inputs kept through the decoder&apos;s run.</source>
        <translation>デコーダーより前に行うビジョンエンコーダーのプロファイル: GPU あたりピーク %1、その後その出力 %2 とダミー入力 %3 をデコーダーの実行中保持。</translation>
    </message>
    <message>
        <source>%1 of %2 tokens (the engine refuses the flags)</source>
        <translation>%2 トークンで %1（エンジンがフラグを拒否）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Each alone makes %1 start with the whole context: %2.</source>
        <translation>次のどれか一つで %1 が全コンテキストで起動します：%2。</translation>
    </message>
    <message>
        <source>the checkpoint&apos;s config.json (its quantization, else its dtype)</source>
        <translation>チェックポイントの config.json（その量子化、なければ dtype）</translation>
    </message>
    <message>
        <source>the engines&apos; --kv-cache-dtype auto: the model&apos;s 16-bit dtype</source>
        <translation>エンジンの --kv-cache-dtype auto: モデルの 16 ビット dtype</translation>
    </message>
    <message>
        <source>HostPlan default: 365 x 24 / 12, the average month</source>
        <translation>HostPlan の既定値: 365 x 24 / 12（平均的な月）</translation>
    </message>
    <message>
        <source>The pool also keeps each running sequence&apos;s recurrent state (%1 per sequence per GPU), so its tokens take only part of it.</source>
        <translation>プールには実行中の各シーケンスの再帰状態（GPU あたりシーケンスごとに %1）も保持されるため、トークンはその一部しか使いません。</translation>
    </message>
    <message>
        <source>Price date: %1 is dated %2, %3 days after this report; check its date before deciding.</source>
        <translation>価格の日付: %1 の日付は %2 で、このレポートより %3 日後です。判断の前に日付を確認してください。</translation>
    </message>
    <message>
        <source>Pilot range: from the practical count to one more node, at most twice the practical count, rounded to whole nodes: the GPU counts to ask a provider to quote for a pilot (cf. the starting ranges of &apos;Kimi K3 Self-Hosting Cost: GPU Count, the $2.4M Claim, and Rental Math&apos;).</source>
        <translation>パイロット範囲：実用数から 1 ノード多い数まで（最大で実用数の 2 倍）をノード単位に丸めたもの。パイロットのために事業者へ見積もりを依頼する GPU 数です（&apos;Kimi K3 Self-Hosting Cost: GPU Count, the $2.4M Claim, and Rental Math&apos; の初期範囲を参照）。</translation>
    </message>
    <message>
        <source>%1: for this volume the API costs %2 a month; renting %3 at %4 h/day costs %5 a month.</source>
        <translation>%1：この利用量では API は月 %2 です。%3 を 1 日 %4 時間レンタルすると月 %5 です。</translation>
    </message>
    <message>
        <source>%1 terms per GPU: weight padding %2, replication %3, draft weights %4; CUDA context %5, communication %6, non-torch %7, CUDA graphs %8; activation peak %9 (MoE workspace %10, sampler %11); KV pool %12 at %13 bytes per token (draft layers %14), %15 tokens.</source>
        <translation>%1 の GPU あたりの内訳：重みのパディング %2、複製 %3、ドラフト重み %4。CUDA コンテキスト %5、通信 %6、torch 外 %7、CUDA グラフ %8。アクティベーションのピーク %9（MoE ワークスペース %10、サンプラー %11）。KV プール %12、トークンあたり %13 バイト（ドラフト層 %14）、%15 トークン。</translation>
    </message>
    <message>
        <source>%1 (row at your %2)</source>
        <translation>%1（この行は指定の %2）</translation>
    </message>
    <message>
        <source>Memory floor: GPUs whose advertised memory holds the weights alone. Practical count: the smallest rentable count (1 GPU or whole nodes) whose layout holds the weights and the workload. Sequences at the target: how many of them the practical layout runs within the time per output token (0: too slow, e.g. pipeline stages over many nodes). Pilot range: what to ask a provider to quote for a pilot, from the practical count to one more node (at most twice the practical count). Monthly costs and sequences are at the practical count (on the scenario&apos;s row, at its own GPU count when it fixes one) and the rate of each type&apos;s chosen offer (or yours); %1 A * marks a rate no rental offer gives (the GPU type&apos;s assumed catalogue rate, or yours).</source>
        <translation>メモリ下限：公称メモリで重みだけを保持できる GPU 数。実用数：レイアウトが重みとワークロードを保持できる最小のレンタル可能数（1 GPU またはノード単位）。目標でのシーケンス数：実用レイアウトが出力トークンあたりの時間内に実行できる数（0：遅すぎる。例：多数のノードにまたがるパイプライン段）。パイロット範囲：パイロット用にプロバイダーへ見積もりを依頼する GPU 数。実用数から 1 ノード多い数まで（最大で実用数の 2 倍）。月額費用とシーケンス数は実用数（シナリオの行で GPU 数を固定している場合はその数）と各タイプで選ばれたオファー（またはあなた）の料金によります。%1 * はレンタルオファーにない料金（GPU タイプの想定カタログ料金、またはあなたの料金）を示します。</translation>
    </message>
    <message>
        <source>%1 copies of %2 (one serves part of the workload)</source>
        <translation>%2 のコピー %1 個（1 つはワークロードの一部のみを担う）</translation>
    </message>
    <message>
        <source>%1 (%2 tokens a month each, all billed at the API&apos;s output price)</source>
        <translation>%1（1 人あたり月 %2 トークン、すべて API の出力価格で課金）</translation>
    </message>
    <message>
        <source>Speed per user</source>
        <translation>ユーザーあたりの速度</translation>
    </message>
    <message>
        <source>%1 tokens/s at %2 running (%3, likely %4-%5x of it)</source>
        <translation>%2 実行中に %1 トークン/秒（%3、おそらくその %4〜%5 倍）</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>最初のトークンまでの時間</translation>
    </message>
    <message>
        <source>Monthly rental at the search&apos;s offer (%1, %2 per GPU-hour)</source>
        <translation>検索が選んだオファーでの月額レンタル（%1、GPU 時間あたり %2）</translation>
    </message>
    <message>
        <source>starts, holding %1 of %2 sequences at once</source>
        <translation>起動し、%2 シーケンス中 %1 を同時に保持</translation>
    </message>
    <message>
        <source>Starts on %1, holding %2 of %3 sequences at once (the rest queue)</source>
        <translation>%1 で起動し、%3 シーケンス中 %2 を同時に保持（残りは待機）</translation>
    </message>
    <message>
        <source>Starts short: %1.</source>
        <translation>起動するが不足：%1。</translation>
    </message>
    <message>
        <source>Engine starts and serves part of the workload</source>
        <translation>エンジンは起動しワークロードの一部を担う</translation>
    </message>
    <message>
        <source>%1 s once a slot is free (median; the requests beyond the %2 held wait for one first)</source>
        <translation>空きができてから %1 秒（中央値。保持される %2 を超えるリクエストは先に空きを待つ）</translation>
    </message>
    <message>
        <source>n/a (no sequence meets the latency target)</source>
        <translation>n/a（遅延目標を満たすシーケンスなし）</translation>
    </message>
    <message>
        <source>%1 (row at your %2, holding %3 of %4)</source>
        <translation>%1（この行は指定の %2、%4 中 %3 を保持）</translation>
    </message>
    <message>
        <source>Copies of this deployment the workload takes</source>
        <translation>ワークロードに必要なこのデプロイのコピー数</translation>
    </message>
    <message>
        <source>%1 (%2 a month at %3 h/day)</source>
        <translation>%1（1 日 %3 時間で月 %2）</translation>
    </message>
    <message>
        <source>%1 (%2 replicas of TP %3, EP %4, PP %5)</source>
        <translation>%1（レプリカ %2 個、各 TP %3、EP %4、PP %5）</translation>
    </message>
    <message>
        <source>No GPU price</source>
        <translation>GPU 価格なし</translation>
    </message>
    <message>
        <source>%1: no GPU-hour rate is known for %2; give one (its GPU file&apos;s usd_per_gpu_hour, a rate or an offer) to compare renting %3 with the API&apos;s %4 a month.</source>
        <translation>%1: %2 の GPU 時間単価が不明です。%3 のレンタルと API の月額 %4 を比較するには、単価（GPU ファイルの usd_per_gpu_hour、料金またはオファー）を指定してください。</translation>
    </message>
    <message>
        <source>DeepEP&apos;s all-to-all buffers (%1 per GPU) are allocated as the model loads, inside the KV budget.</source>
        <translation>DeepEP の all-to-all バッファ（GPU あたり %1）はモデルの読み込み時に確保され、KV 予算の内側に数えられます。</translation>
    </message>
    <message>
        <source>%1 (%2 copies of this deployment, which the workload&apos;s concurrency takes)</source>
        <translation>%1（ワークロードの同時実行数に必要なこのデプロイのコピー %2 個）</translation>
    </message>
    <message>
        <source>%1 (%2 tokens a month each, all billed at the API&apos;s output price; one copy of this deployment, not the %3 the workload&apos;s concurrency takes)</source>
        <translation>%1（1 人あたり月 %2 トークン、すべて API の出力価格で課金。このデプロイのコピー 1 個で数え、ワークロードの同時実行数に必要な %3 個ではありません）</translation>
    </message>
    <message>
        <source>no API price to compare with</source>
        <translation>比較する API 価格がありません</translation>
    </message>
    <message>
        <source>the plan does not fit, so it serves no tokens and never breaks even</source>
        <translation>プランが収まらないため、トークンを処理できず損益分岐に達することはありません</translation>
    </message>
    <message>
        <source>no GPU-hour rate, so the rental is unknown</source>
        <translation>GPU 時間単価がないため、レンタル費用は不明です</translation>
    </message>
    <message>
        <source>no modelled capacity (no sequence meets the latency target)</source>
        <translation>モデル上の容量がありません（遅延目標を満たすシーケンスなし）</translation>
    </message>
    <message>
        <source>no volume breaks even (the API&apos;s output tokens cost nothing)</source>
        <translation>どの利用量でも損益分岐に達しません（API の出力トークンが無料）</translation>
    </message>
    <message>
        <source>%1, %2 copies</source>
        <translation>%1、コピー %2 個</translation>
    </message>
    <message>
        <source>%1, one copy</source>
        <translation>%1、コピー 1 個</translation>
    </message>
    <message>
        <source>This deployment holds %1 of the workload&apos;s %2 sequences at once: capacity and break-even volume count the %3 copies the workload&apos;s concurrency takes; heavy users count one copy, as each brings his own volume. Cost per 1M output tokens is the same on either basis.</source>
        <translation>このデプロイはワークロードの %2 シーケンス中 %1 を同時に保持します：容量と損益分岐量はワークロードの同時実行数に必要な %3 個のコピーで数え、ヘビーユーザーは各自が自分の利用量を持ち込むためコピー 1 個で数えます。100 万出力トークンあたりのコストはどちらの基準でも同じです。</translation>
    </message>
    <message>
        <source>No call on capacity against break-even: %1.</source>
        <translation>容量と損益分岐点の比較はできません: %1。</translation>
    </message>
    <message>
        <source>Both volumes count the %1 copies of this deployment the workload&apos;s concurrency takes.</source>
        <translation>どちらの量も、ワークロードの同時実行数に必要なこのデプロイのコピー %1 個で数えています。</translation>
    </message>
    <message>
        <source>GPUs per instance</source>
        <translation>インスタンスあたり GPU 数</translation>
    </message>
    <message>
        <source>auto (practical count: %1, %2 replicas of %3)</source>
        <translation>自動（実用的な数：%1、%3 台ずつのレプリカ %2 個）</translation>
    </message>
    <message>
        <source>Engine padding (kernel layouts, vocabulary)</source>
        <translation>エンジンのパディング（カーネルレイアウト、語彙）</translation>
    </message>
    <message>
        <source>Replicated by the engine (KV heads under TP)</source>
        <translation>エンジンによる複製（TP 下の KV ヘッド）</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>ドラフトモデル</translation>
    </message>
    <message>
        <source>Most loaded stage&apos;s share beyond the even one</source>
        <translation>最も負荷の高いステージの均等配分を超える分</translation>
    </message>
    <message>
        <source>KV cache (%1 x %2 tokens per replica)</source>
        <translation>KV キャッシュ（レプリカあたり %1 x %2 トークン）</translation>
    </message>
    <message>
        <source>Rental cost of %1: unknown, no GPU-hour rate is known</source>
        <translation>%1 のレンタル費用：不明（GPU 時間単価が不明）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>%1 s (median, at the same load; %2 s mean when the running batch&apos;s prompts arrive together)</source>
        <translation>%1 秒（中央値、同じ負荷時。実行中バッチのプロンプトが同時に届く場合は平均 %2 秒）</translation>
    </message>
    <message>
        <source>unknown (no GPU-hour rate)</source>
        <translation>不明（GPU 時間単価なし）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ReportOptionsChart</name>
    <message>
        <source>Monthly rental at the practical GPU count, per GPU type</source>
        <translation>GPU 種別ごとの実用数での月額レンタル料</translation>
    </message>
    <message>
        <source>Always on</source>
        <translation>常時稼働</translation>
    </message>
    <message>
        <source>At %1 h/day</source>
        <translation>1 日 %1 時間</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>収まらない</translation>
    </message>
    <message>
        <source>Thousand USD per month</source>
        <translation>月額（千 USD）</translation>
    </message>
    <message>
        <source>API, same tokens (%1 per month)</source>
        <translation>API、同じトークン（月 %1）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ScenarioDocument</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 を開けません：%2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario: %2</source>
        <translation>%1 は有効なシナリオではありません：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::SensitivityView</name>
    <message>
        <source>&lt;b&gt;Sensitivity&lt;/b&gt;&lt;p&gt;How sure the recommendation is. The sentence says whether the plan serves its break-even volume at both ends of the throughput band and of the API price range, and when it is too close to call, which assumption decides it. The tornado charts move each input by -20% and +20% and show cost per 1M output tokens and capacity over the break-even volume, the input that moves them most on top. The table gives the decision figures as low, likely and high. The scatter shows every layout that carries the workload by its median time per output token and to first token: blue points are the front (no other layout is faster on both and cheaper), the square is your plan.&lt;/p&gt;</source>
        <translation>&lt;b&gt;感度&lt;/b&gt;&lt;p&gt;推奨の確かさを示します。文は、スループットの幅と API 価格範囲の両端でプランが損益分岐量を処理できるかどうかを示し、僅差で判定不能な場合はどの前提が決め手かを示します。トルネード図は各入力を -20% と +20% 動かし、出力 1M トークンあたりコストと損益分岐量に対する容量を示します。影響が最も大きい入力が一番上です。表は判断の数値を低・想定・高で示します。散布図は負荷を処理できるすべての構成を、出力トークンあたり時間と最初のトークンまでの時間の中央値で示します：青い点はフロント（両方で速く、かつ安い構成が他にないもの）、四角は現在のプランです。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>プランなし：%1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Stages</name>
    <message>
        <source>stage %1, layers %2-%3: weights %4, KV pool %5, %6 tokens</source>
        <translation>ステージ %1、レイヤー %2-%3：重み %4、KV プール %5、%6 トークン</translation>
    </message>
    <message>
        <source>Pipeline stages, each holding its own decoder layers; the engine keeps the smallest stage&apos;s KV tokens: %1.</source>
        <translation>パイプラインの各ステージは自分のデコーダー層を持ち、エンジンは最小のステージの KV トークン数を使います：%1。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::SummaryView</name>
    <message>
        <source>&lt;h3 style=&apos;color:%1&apos;&gt;%2&lt;/h3&gt;</source>
        <translation>&lt;h3 style=&apos;color:%1&apos;&gt;%2&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>Fits on %1 x %2</source>
        <translation>%1 x %2 に収まる</translation>
    </message>
    <message>
        <source>Does not fit on %1 x %2</source>
        <translation>%1 x %2 に収まらない</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>%1 まででなし</translation>
    </message>
    <message>
        <source>&lt;p&gt;Recommendation: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Pilot range to quote: &lt;b&gt;%2&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;推奨：&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;見積もり用のパイロット範囲：&lt;b&gt;%2&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Memory per GPU (most loaded GPU) and in total&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;GPU あたりメモリ（最も負荷の高い GPU）と合計&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>GPU あたり</translation>
    </message>
    <message>
        <source>All %1</source>
        <translation>全 %1</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KVキャッシュ</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>アクティベーション</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>ランタイムのオーバーヘッド</translation>
    </message>
    <message>
        <source>Total needed</source>
        <translation>必要量の合計</translation>
    </message>
    <message>
        <source>Engine budget (fraction %1)</source>
        <translation>エンジン予算（割合 %1）</translation>
    </message>
    <message>
        <source>Usable GPU memory</source>
        <translation>使用可能な GPU メモリ</translation>
    </message>
    <message>
        <source>Headroom after the workload</source>
        <translation>ワークロード後の余裕</translation>
    </message>
    <message>
        <source>&lt;p&gt;In total across all GPUs: %1. KV cache: %2 bytes per token for the whole model, %3 per GPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;全 GPU の合計：%1。KVキャッシュ：モデル全体でトークンあたり %2 バイト、GPU あたり %3。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Cost&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;コスト&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU 料金</translation>
    </message>
    <message>
        <source>%1 per GPU-hour x %2</source>
        <translation>GPU時間あたり %1 x %2</translation>
    </message>
    <message>
        <source>Always on (24 h/day, %1 h month)</source>
        <translation>常時稼働（1 日 24 時間、月 %1 時間）</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>月 %1</translation>
    </message>
    <message>
        <source>At %1 h/day</source>
        <translation>1 日 %1 時間</translation>
    </message>
    <message>
        <source>Self-hosted cost per 1M output tokens</source>
        <translation>セルフホストの出力 1M トークンあたりコスト</translation>
    </message>
    <message>
        <source>n/a (does not fit)</source>
        <translation>該当なし（収まらない）</translation>
    </message>
    <message>
        <source>n/a (no output tokens)</source>
        <translation>該当なし（出力トークンなし）</translation>
    </message>
    <message>
        <source>Per 1M output tokens at %1% utilisation (%2)</source>
        <translation>利用率 %1% での出力 1M トークンあたり（%2）</translation>
    </message>
    <message>
        <source>Same tokens at API prices (%1)</source>
        <translation>同じトークンを API 価格で（%1）</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API 出力価格</translation>
    </message>
    <message>
        <source>%1 per 1M output tokens</source>
        <translation>出力 1M トークンあたり %1</translation>
    </message>
    <message>
        <source>API comparison</source>
        <translation>API との比較</translation>
    </message>
    <message>
        <source>no API price for this model: set one under Pricing</source>
        <translation>このモデルの API 価格がありません：「料金」で設定してください</translation>
    </message>
    <message>
        <source>Self-hosting wins from &lt;b&gt;%1&lt;/b&gt; of %2 tokens a month each.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（各自月 %2 トークン）からセルフホストが有利です。</translation>
    </message>
    <message>
        <source>Self-hosting does not win at any number of heavy users of %1 tokens a month each.</source>
        <translation>各自月 %1 トークンのヘビーユーザーでは、何人でもセルフホストは有利になりません。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the API stays cheaper at any volume this plan can serve. %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;損益分岐：&lt;b&gt;なし&lt;/b&gt;：このプランで処理できるどの利用量でも API の方が安いままです。%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the plan does not fit, so it serves no tokens.&lt;/p&gt;</source>
        <translation>&lt;p&gt;損益分岐：&lt;b&gt;なし&lt;/b&gt;：プランが収まらないため、トークンを生成しません。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your volume: %1 output tokens per month; self-hosting is &lt;b&gt;%2&lt;/b&gt; the API at this volume.&lt;/p&gt;</source>
        <translation>&lt;p&gt;現在の利用量：月 %1 出力トークン。この利用量ではセルフホストは&lt;b&gt;%2&lt;/b&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>cheaper than</source>
        <translation>API より安い</translation>
    </message>
    <message>
        <source>more expensive than</source>
        <translation>API より高い</translation>
    </message>
    <message>
        <source>API prices: %1, as of %2. GPU rate: %3, as of %4.</source>
        <translation>API 価格：%1（%2 時点）。GPU 料金：%3（%4 時点）。</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Weights by tensor group (per GPU and whole model)&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;テンソルグループ別の重み（GPU あたりとモデル全体）&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>グループ</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>形式</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>モデル全体</translation>
    </message>
    <message>
        <source> (replicated)</source>
        <translation>（複製）</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:%1&apos;&gt;No plan&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:%1&apos;&gt;プランなし&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Memory per GPU (most loaded GPU), per replica and in total for %1 replicas&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;GPU あたりメモリ（最も負荷の高い GPU）、レプリカごとおよび %1 レプリカの合計&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Per replica (%1)</source>
        <translation>レプリカごと（%1）</translation>
    </message>
    <message>
        <source>All %1 replicas (%2)</source>
        <translation>全 %1 レプリカ（%2）</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each of the %1 replicas holds its share of the sequences. In total across all GPUs: %2 (one replica: %3). KV cache: %4 bytes per token for the whole model, %5 per GPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 個の各レプリカがシーケンスを分担して保持します。全 GPU の合計：%2（1 レプリカ：%3）。KVキャッシュ：モデル全体でトークンあたり %4 バイト、GPU あたり %5。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Self-hosting does not win for heavy users of %1 tokens a month each on this plan: break-even needs %2 (%3 output tokens a month) and it serves %4, %5-%6 over the throughput band (more GPUs serve more).</source>
        <translation>このプランでは、各自月 %1 トークンのヘビーユーザーに対してセルフホストは有利になりません：損益分岐には %2（月 %3 出力トークン）が必要ですが、処理できるのは %4、スループットの幅では %5-%6 です（GPU を増やせばより多く処理できます）。</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>再帰状態</translation>
    </message>
    <message>
        <source>&lt;p&gt;The engine&apos;s KV pool takes %1 bytes per token per GPU (every layer, in its own cache layout); its token capacity follows that figure.&lt;/p&gt;</source>
        <translation>&lt;p&gt;エンジンの KV プールはトークンあたり GPU あたり %1 バイトを使用します（全レイヤー、エンジン独自のキャッシュレイアウト）。トークン容量はこの値に従います。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each of these flags alone makes %1 start with the whole context:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;次のフラグはどれか一つで %1 を全コンテキストで起動させます：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>The engine refuses these flags before loading, so it holds no sequence.</source>
        <translation>エンジンは読み込み前にこれらのフラグを拒否するため、シーケンスを保持しません。</translation>
    </message>
    <message>
        <source>Up to &lt;b&gt;%1&lt;/b&gt; of %2 tokens at once.</source>
        <translation>%2 トークンで同時に最大 &lt;b&gt;%1&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 Memory floor (weights only): &lt;b&gt;%2&lt;/b&gt;; practical count for this workload: &lt;b&gt;%3&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 メモリ下限（重みのみ）：&lt;b&gt;%2&lt;/b&gt;、このワークロードの実用数：&lt;b&gt;%3&lt;/b&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Engine budget (KV: fraction %1 of the memory free after loading)</source>
        <translation>エンジン予算（KV：ロード後の空きメモリの %1）</translation>
    </message>
    <message>
        <source>&lt;p&gt;This deployment serves part of that volume: %1 copies carry it, %2 a month at the chosen hours.&lt;/p&gt;</source>
        <translation>&lt;p&gt;このデプロイはその量の一部しか担いません：%1 個のコピーで担い、選択した時間で月 %2 です。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>API bill per 1M output tokens, this mix</source>
        <translation>この構成での出力 100 万トークンあたりの API 請求額</translation>
    </message>
    <message>
        <source>Starts on %1 x %2, holding %3 of %4 sequences at once (the rest queue)</source>
        <translation>%1 x %2 で起動し、%4 シーケンス中 %3 を同時に保持（残りは待機）</translation>
    </message>
    <message>
        <source>&lt;p&gt;This deployment holds %1 of the workload&apos;s %2 sequences at once: %3 copies carry the workload, %4 a month at the chosen hours.&lt;/p&gt;</source>
        <translation>&lt;p&gt;このデプロイはワークロードの %2 シーケンス中 %1 を同時に保持します：%3 個のコピーでワークロードを担い、選択した時間で月 %4 です。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;unknown&lt;/b&gt;: HostPlan knows no GPU-hour rate for %1; enter one (Pricing) to compare renting with the API.&lt;/p&gt;</source>
        <translation>&lt;p&gt;損益分岐点: &lt;b&gt;不明&lt;/b&gt;: HostPlan は %1 の GPU 時間単価を知りません。レンタルと API を比較するには単価を入力してください（価格）。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>unknown (no GPU-hour rate)</source>
        <translation>不明（GPU 時間単価なし）</translation>
    </message>
    <message>
        <source>Self-hosting does not win for heavy users of %1 tokens a month each at the modelled capacity of this plan: break-even needs %2 (%3 output tokens a month) and it serves %4, %5-%6 over the throughput band: within reach only towards the band&apos;s fast end.</source>
        <translation>このプランのモデル上の容量では、各自月 %1 トークンのヘビーユーザーに対してセルフホストは有利になりません：損益分岐には %2（月 %3 出力トークン）が必要ですが、処理できるのは %4、スループットの幅では %5-%6 です：幅の速い側に近い場合にのみ届きます。</translation>
    </message>
    <message>
        <source>Heavy users are counted on one copy of this deployment (%1 a month), not the %2 the workload&apos;s concurrency takes.</source>
        <translation>ヘビーユーザーはこのデプロイのコピー 1 個（月 %1）で数えており、ワークロードの同時実行数に必要な %2 個ではありません。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the API stays cheaper at any volume the %1 copies of this deployment the workload&apos;s concurrency takes can serve. %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;損益分岐：&lt;b&gt;なし&lt;/b&gt;：ワークロードの同時実行数に必要なこのデプロイのコピー %1 個で処理できるどの利用量でも API の方が安いままです。%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The break-even volume counts the rental and capacity of the %1 copies of this deployment the workload&apos;s concurrency takes.&lt;/p&gt;</source>
        <translation>&lt;p&gt;損益分岐量は、ワークロードの同時実行数に必要なこのデプロイのコピー %1 個のレンタル費用と容量で数えています。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;%1&lt;/b&gt;. %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;損益分岐点：&lt;b&gt;%1&lt;/b&gt;。%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>unknown x %1</source>
        <translation>不明 x %1</translation>
    </message>
    <message>
        <source>Were every token billed at the output rate, break-even would be %1 output tokens a month.</source>
        <translation>全トークンを出力単価で課金した場合、損益分岐は月 %1 出力トークンです。</translation>
    </message>
    <message>
        <source>Were every token billed at the output rate, the API would stay cheaper at every volume up to the %1 output tokens a month this plan serves.</source>
        <translation>全トークンを出力単価で課金した場合、このプランが提供する月 %1 出力トークンまでのどの量でも API の方が安いままです。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;%1 output tokens per month&lt;/b&gt; with this token mix (%2 tokens/s sustained). %3 %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;損益分岐：このトークン構成で&lt;b&gt;月 %1 出力トークン&lt;/b&gt;（持続 %2 tokens/s）。%3%4&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ThroughputView</name>
    <message>
        <source>calibrated by a probe report</source>
        <translation>プローブレポートで較正済み</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>実測</translation>
    </message>
    <message>
        <source>Batch %1 at %2 tokens of context
%3 tokens/s per user (%4 ms per output token)
%5 tokens/s per node, %6 tokens/s for the plan (%7)
Confidence: %8</source>
        <translation>バッチ %1、コンテキスト %2 トークン
ユーザーあたり %3 tokens/s（出力トークンあたり %4 ms）
ノードあたり %5 tokens/s、プラン全体 %6 tokens/s（%7）
信頼度：%8</translation>
    </message>
    <message>
        <source>
Slower than the %1 ms target per output token</source>
        <translation>
出力トークンあたり %1 ms の目標より遅い</translation>
    </message>
    <message>
        <source>Throughput: no plan (%1)</source>
        <translation>スループット：プランなし（%1）</translation>
    </message>
    <message>
        <source>Throughput: not computed for this plan</source>
        <translation>スループット：このプランでは未計算</translation>
    </message>
    <message>
        <source>Tokens/s against batch, %1-token context (%2)</source>
        <translation>バッチに対する tokens/s、コンテキスト %1 トークン（%2）</translation>
    </message>
    <message>
        <source>Capacity %1: %2 tokens/s per node, %3 per 1M output tokens</source>
        <translation>容量 %1：ノードあたり %2 tokens/s、出力 1M トークンあたり %3</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>該当なし</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>ユーザーあたり tokens/s</translation>
    </message>
    <message>
        <source>Tokens/s per node</source>
        <translation>ノードあたり tokens/s</translation>
    </message>
    <message>
        <source>Batch (sequences in flight)</source>
        <translation>バッチ（処理中のシーケンス）</translation>
    </message>
    <message>
        <source>Memory limit (%1)</source>
        <translation>メモリ上限（%1）</translation>
    </message>
    <message>
        <source>%1 ms target (%2)</source>
        <translation>%1 ms 目標（%2）</translation>
    </message>
    <message>
        <source>modelled (fitted to published serving measurements; see the band)</source>
        <translation>モデル推定（公開されたサービング実測値に合わせて調整、幅を参照）</translation>
    </message>
    <message>
        <source>Batch per replica (sequences in flight; %1 replicas)</source>
        <translation>レプリカあたりのバッチ（処理中のシーケンス、%1 レプリカ）</translation>
    </message>
    <message>
        <source>Memory limit per replica (%1)</source>
        <translation>レプリカあたりのメモリ上限（%1）</translation>
    </message>
    <message>
        <source>
Above the memory limit: the KV room holds %1, so that many run at once and the rest wait; the rates are those of the running ones (dashed)</source>
        <translation>
メモリ上限超過：KV 領域に収まるのは %1 で、同時に実行されるのはその数だけ、残りは待機します。速度は実行中のものの値です（破線）</translation>
    </message>
    <message>
        <source>Your workload per replica (%1)</source>
        <translation>レプリカあたりの負荷（%1）</translation>
    </message>
    <message>
        <source>Your workload (%1)</source>
        <translation>あなたの負荷（%1）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::TornadoChart</name>
    <message>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>GPU-hour rate</source>
        <translation>GPU時間あたり料金</translation>
    </message>
    <message>
        <source>API prices</source>
        <translation>API 価格</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT 目標</translation>
    </message>
    <message>
        <source>Weight streaming</source>
        <translation>重みの読み出し</translation>
    </message>
    <message>
        <source>Compute speed</source>
        <translation>演算速度</translation>
    </message>
    <message>
        <source>CPU per sequence</source>
        <translation>シーケンスあたり CPU</translation>
    </message>
    <message>
        <source>MoE layer cost</source>
        <translation>MoE 層のコスト</translation>
    </message>
    <message>
        <source>Sensitivity: no plan (%1)</source>
        <translation>感度：プランなし（%1）</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1 倍</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens</source>
        <translation>出力 1M トークンあたりコスト</translation>
    </message>
    <message>
        <source>Capacity / break-even</source>
        <translation>容量 / 損益分岐</translation>
    </message>
    <message>
        <source>Cheaper</source>
        <translation>安く</translation>
    </message>
    <message>
        <source>Less margin</source>
        <translation>余裕減</translation>
    </message>
    <message>
        <source>Dearer</source>
        <translation>高く</translation>
    </message>
    <message>
        <source>More margin</source>
        <translation>余裕増</translation>
    </message>
    <message>
        <source>%1
At -20%: %2
At +20%: %3
Today: %4
Swing (ranking): %5%</source>
        <translation>%1
-20%：%2
+20%：%3
現在：%4
変動幅（順位）：%5%</translation>
    </message>
    <message>
        <source>Today %1</source>
        <translation>現在 %1</translation>
    </message>
    <message>
        <source>no GPU-hour rate is known</source>
        <translation>GPU 時間単価が不明</translation>
    </message>
    <message>
        <source>the GPUs are free (a rate of $0)</source>
        <translation>GPU は無料（単価 $0）</translation>
    </message>
    <message>
        <source>no capacity to rank inputs by</source>
        <translation>入力を順位付けする容量がありません</translation>
    </message>
    <message>
        <source>no API price or no capacity</source>
        <translation>API 価格または容量がありません</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens: %1</source>
        <translation>出力 1M トークンあたりコスト：%1</translation>
    </message>
    <message>
        <source>Capacity over break-even: %1</source>
        <translation>損益分岐に対する容量：%1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Verdict</name>
    <message>
        <source>no API price</source>
        <translation>API 価格なし</translation>
    </message>
    <message>
        <source>never: the plan does not fit, so it serves no one</source>
        <translation>なし：プランが収まらないため、誰にもサービスできません</translation>
    </message>
    <message>
        <source>from the first heavy user (the rental costs nothing)</source>
        <translation>最初のヘビーユーザーから（レンタル料なし）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>never: the plan does not fit, so it serves no tokens</source>
        <translation>なし：プランが収まらないため、トークンを生成しません</translation>
    </message>
    <message>
        <source>never: the API stays cheaper at any volume this plan can serve</source>
        <translation>なし：このプランで処理できるどの利用量でも API の方が安いままです</translation>
    </message>
    <message>
        <source>%1 tokens a month (%2 tokens/s)</source>
        <translation>月 %1 トークン（%2 tokens/s）</translation>
    </message>
    <message>
        <source>never on this plan: break-even needs %1, it serves %2 (%3-%4 over the throughput band)</source>
        <translation>このプランではなし：損益分岐には %1 が必要ですが、処理できるのは %2（スループットの幅では %3-%4）</translation>
    </message>
    <message>
        <source>unknown: no GPU-hour rate</source>
        <translation>不明: GPU 時間単価なし</translation>
    </message>
    <message>
        <source>not at the modelled capacity of this plan: break-even needs %1, it serves %2 (%3-%4 over the throughput band): within reach only towards the band&apos;s fast end</source>
        <translation>このプランのモデル上の容量では届きません：損益分岐には %1 が必要ですが、処理できるのは %2（スループットの幅では %3-%4）：幅の速い側に近い場合にのみ届きます</translation>
    </message>
    <message>
        <source>%1 tokens a month: above the modelled capacity (%2) but within its band (up to %3): too close to call</source>
        <translation>月 %1 トークン：モデル化した容量（%2）を上回るが、その幅の内（最大 %3）：判定が難しい</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::WorkloadPanel</name>
    <message>
        <source>Context length on a log scale: each tick is 4x (1K, 4K, 16K, 64K, 256K, 1M, 4M, 16M tokens)</source>
        <translation>対数目盛のコンテキスト長：1 目盛ごとに 4 倍（1K、4K、16K、64K、256K、1M、4M、16M トークン）</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> トークン</translation>
    </message>
    <message>
        <source>Tokens per sequence (prompt + output) the plan must hold</source>
        <translation>プランが保持すべきシーケンスあたりのトークン（プロンプト + 出力）</translation>
    </message>
    <message>
        <source>Conte&amp;xt</source>
        <translation>コンテキスト(&amp;X)</translation>
    </message>
    <message>
        <source> sequence</source>
        <translation> シーケンス</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> シーケンス</translation>
    </message>
    <message>
        <source>Sequences in flight at once, each at the full context</source>
        <translation>同時に処理するシーケンス数（それぞれ最大コンテキスト）</translation>
    </message>
    <message>
        <source>C&amp;oncurrency</source>
        <translation>同時実行数(&amp;O)</translation>
    </message>
    <message>
        <source> M tokens</source>
        <translation> M トークン</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tokens per month&lt;/b&gt; (millions)</source>
        <translation>&lt;b&gt;月間トークン&lt;/b&gt;（百万）</translation>
    </message>
    <message>
        <source>Uncached prompt tokens per month</source>
        <translation>月間のキャッシュされないプロンプトトークン</translation>
    </message>
    <message>
        <source>&amp;Input</source>
        <translation>入力(&amp;I)</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API serves from its prompt cache (billed at the cached-input price)</source>
        <translation>API がプロンプトキャッシュから処理する月間プロンプトトークン（キャッシュ入力価格で課金）</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>キャッシュ入力</translation>
    </message>
    <message>
        <source>Generated tokens per month</source>
        <translation>月間生成トークン</translation>
    </message>
    <message>
        <source>O&amp;utput</source>
        <translation>出力(&amp;U)</translation>
    </message>
    <message>
        <source> h/day</source>
        <translation> 時間/日</translation>
    </message>
    <message>
        <source>Hours a day the GPUs are rented (24 = always on)</source>
        <translation>GPU を 1 日にレンタルする時間（24 = 常時稼働）</translation>
    </message>
    <message>
        <source>Tokens one heavy user generates per month (for break-even users)</source>
        <translation>ヘビーユーザー 1 人が月に生成するトークン（損益分岐ユーザー数の計算用）</translation>
    </message>
    <message>
        <source>Heavy user</source>
        <translation>ヘビーユーザー</translation>
    </message>
    <message>
        <source>Change concurrency to %1</source>
        <translation>同時実行数を %1 に変更</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>%1 を %2 に変更</translation>
    </message>
    <message>
        <source>monthly input tokens</source>
        <translation>月間入力トークン</translation>
    </message>
    <message>
        <source>monthly cached input tokens</source>
        <translation>月間キャッシュ入力トークン</translation>
    </message>
    <message>
        <source>monthly output tokens</source>
        <translation>月間出力トークン</translation>
    </message>
    <message>
        <source>hours per day</source>
        <translation>1 日あたり時間</translation>
    </message>
    <message>
        <source>heavy user tokens</source>
        <translation>ヘビーユーザーのトークン</translation>
    </message>
    <message>
        <source>Change context to %1 tokens</source>
        <translation>コンテキストを %1 トークンに変更</translation>
    </message>
    <message>
        <source>32,768 tokens, from the default scenario (resources/default-scenario.json); the model&apos;s max_position_embeddings (config.json) is the most a plan accepts.</source>
        <translation>32,768 トークン、既定シナリオ（resources/default-scenario.json）より。モデルの max_position_embeddings（config.json）がプランで受け付ける最大値です。</translation>
    </message>
    <message>
        <source>Context length per sequence on a log scale: each tick is 4x; dragging previews, releasing records one edit.</source>
        <translation>シーケンスあたりのコンテキスト長（対数スケール）：目盛りごとに 4 倍。ドラッグでプレビューし、離すと 1 回の編集として記録します。</translation>
    </message>
    <message>
        <source>tokens per sequence (prompt + output)</source>
        <translation>シーケンスあたりトークン（プロンプト + 出力）</translation>
    </message>
    <message>
        <source>Context length per sequence: the prompt and the output that one request holds in the KV cache at once.</source>
        <translation>シーケンスあたりのコンテキスト長：1 リクエストが KVキャッシュに同時に保持するプロンプトと出力。</translation>
    </message>
    <message>
        <source>Sequences in flight at once, each at the full context: the KV cache the plan must hold and the batch that sets the speed.</source>
        <translation>同時に処理中のシーケンス数（それぞれ最大コンテキスト）：プランが保持すべき KVキャッシュと、速度を決めるバッチ。</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>シーケンス</translation>
    </message>
    <message>
        <source>16, from the default scenario.</source>
        <translation>16、既定シナリオより。</translation>
    </message>
    <message>
        <source>millions of tokens per month</source>
        <translation>月あたり百万トークン</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API would bill at its input price (not cached).</source>
        <translation>API が入力価格で課金する月あたりのプロンプトトークン（キャッシュなし）。</translation>
    </message>
    <message>
        <source>2,000 M (2 billion), from the default scenario.</source>
        <translation>2,000 M（20 億）、既定シナリオより。</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API serves from its prompt cache, billed at its cached-input price.</source>
        <translation>API がプロンプトキャッシュから提供し、キャッシュ入力価格で課金する月あたりのプロンプトトークン。</translation>
    </message>
    <message>
        <source>1,000 M, from the default scenario.</source>
        <translation>1,000 M、既定シナリオより。</translation>
    </message>
    <message>
        <source>Generated tokens per month: the volume the GPUs must serve in time and the x axis of the break-even chart.</source>
        <translation>月あたりの生成トークン：GPU が時間内に処理すべき量で、損益分岐グラフの x 軸です。</translation>
    </message>
    <message>
        <source>500 M, from the default scenario.</source>
        <translation>500 M、既定シナリオより。</translation>
    </message>
    <message>
        <source>Hours a day the GPUs are rented; fewer than 24 scales the rental (scheduled instances).</source>
        <translation>GPU をレンタルする 1 日あたりの時間。24 未満ではレンタル料が比例して減ります（スケジュールされたインスタンス）。</translation>
    </message>
    <message>
        <source>24 (always on), from the default scenario.</source>
        <translation>24（常時稼働）、既定シナリオより。</translation>
    </message>
    <message>
        <source>Tokens one heavy user generates per month: the break-even volume divided by this is the break-even number of users.</source>
        <translation>ヘビーユーザー 1 人が月に生成するトークン：損益分岐量をこれで割った値が損益分岐ユーザー数です。</translation>
    </message>
    <message>
        <source>millions of tokens per month per user</source>
        <translation>ユーザーあたり月百万トークン</translation>
    </message>
    <message>
        <source>50 M, from the default scenario (a stated assumption).</source>
        <translation>50 M、既定シナリオより（明示された仮定）。</translation>
    </message>
    <message>
        <source>Hours per day</source>
        <translation>1 日あたり時間</translation>
    </message>
</context>
</TS>
