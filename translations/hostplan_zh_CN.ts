<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>FieldHelp</name>
    <message>
        <source>Unit:</source>
        <translation>单位：</translation>
    </message>
    <message>
        <source>Default:</source>
        <translation>默认值：</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
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
        <translation>从不</translation>
    </message>
    <message>
        <source>Break-even: no plan (%1)</source>
        <translation>盈亏平衡：无方案（%1）</translation>
    </message>
    <message>
        <source>Break-even: no API price for %1; set one under Pricing to compare</source>
        <translation>盈亏平衡：%1 没有 API 价格；请在“定价”中设置以进行比较</translation>
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
        <translation>%1 放不下</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 x %2 at %3 h/day: %4 per month (%5 always on)</source>
        <translation>%1 x %2，每天 %3 小时：每月 %4（全天运行 %5）</translation>
    </message>
    <message>
        <source>Break-even: %1 output tokens per month</source>
        <translation>盈亏平衡：每月 %1 输出 tokens</translation>
    </message>
    <message>
        <source>Does not fit: serves no tokens, never breaks even</source>
        <translation>放不下：不产出 tokens，永远无法盈亏平衡</translation>
    </message>
    <message>
        <source>%1 x %2 breaks even at %3 output tokens per month (%4 per month either way)</source>
        <translation>%1 x %2 在每月 %3 输出 tokens 时达到盈亏平衡（两者均为每月 %4）</translation>
    </message>
    <message>
        <source>Your volume</source>
        <translation>您的用量</translation>
    </message>
    <message>
        <source>Output tokens per month (log)</source>
        <translation>每月输出 tokens（对数）</translation>
    </message>
    <message>
        <source>USD per month (log)</source>
        <translation>每月美元（对数）</translation>
    </message>
    <message>
        <source>API: %1 per month for %2 output tokens</source>
        <translation>API：每月 %1，%2 输出 tokens</translation>
    </message>
    <message>
        <source>%1 copies of %2 x %3</source>
        <translation>%2 x %3 的 %1 份副本</translation>
    </message>
    <message>
        <source>%1 (yours, does not fit)</source>
        <translation>%1（您的方案，放不下）</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1（您的方案）</translation>
    </message>
    <message>
        <source>Break-even against %1</source>
        <translation>与 %1 的盈亏平衡</translation>
    </message>
    <message>
        <source>GPUs rented %1 h/day; break-even, output tokens a month: %2</source>
        <translation>GPU 每天租用 %1 小时；盈亏平衡，每月输出 token：%2</translation>
    </message>
    <message>
        <source>%1 too close to call</source>
        <translation>%1 难以判定</translation>
    </message>
    <message>
        <source>Break-even needs %1 output tokens per month: above the modelled capacity, within the throughput band; too close to call</source>
        <translation>盈亏平衡需要每月 %1 个输出 token：高于建模容量，但在吞吐量范围内；难以判定</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CardFitView</name>
    <message>
        <source>Weights: %1</source>
        <translation>权重：%1</translation>
    </message>
    <message>
        <source>Does not fit wholly on the GPU at the default context: --n-cpu-moe %1 keeps the experts of the first %1 layers in system RAM and everything else on the GPU (faster here than splitting whole layers); %2 % of each decode step reads RAM.</source>
        <translation>默认上下文下无法完全放在 GPU 上：--n-cpu-moe %1 将前 %1 层的专家放在系统内存中，其余全部放在 GPU 上（此处比拆分整层更快）；每个解码步骤有 %2 % 读取内存。</translation>
    </message>
    <message>
        <source>Does not fit wholly on the GPU at the default context: -ngl %1 keeps %1 of %2 layer slots there and the rest in system RAM; %3 % of each decode step reads RAM.</source>
        <translation>默认上下文下无法完全放在 GPU 上：-ngl %1 将 %2 个层槽位中的 %1 个放在 GPU 上，其余放在系统内存中；每个解码步骤有 %3 % 读取内存。</translation>
    </message>
    <message>
        <source>Neither the GPU nor the GPU and system RAM together hold it.</source>
        <translation>GPU 放不下，GPU 加系统内存也放不下。</translation>
    </message>
    <message>
        <source>%1 of system memory at %2 GB/s
Source: %3 (as of %4)</source>
        <translation>%1 系统内存，%2 GB/s
来源：%3（截至 %4）</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>%1B</source>
        <translation>%1B</translation>
    </message>
    <message>
        <source>this file: %1</source>
        <translation>此文件：%1</translation>
    </message>
    <message>
        <source>Every layer on the GPU at llama-server&apos;s defaults (the model&apos;s training context, which --fit lowers as far as 4,096 tokens before it moves layers); the longest context that still fits there: %1 tokens (four slots in one unified f16 KV cache).</source>
        <translation>所有层都在 GPU 上，使用 llama-server 的默认设置（模型的训练上下文，--fit 在移动层之前最多将其降至 4,096 tokens）；在此仍能放下的最长上下文：%1 tokens（四个槽位共用一个统一的 f16 KV 缓存）。</translation>
    </message>
    <message>
        <source>Decode ceiling at peak memory bandwidth: %1 tokens/s for one sequence at a %2-token context; longer contexts read more KV per token (hostplan-cli plan --engine llama.cpp --context N gives the speed at N).</source>
        <translation>峰值内存带宽下的解码上限：在 %2 个 token 的上下文中，单个序列 %1 tokens/s；更长的上下文每个 token 读取更多 KV（hostplan-cli plan --engine llama.cpp --context N 给出 N 时的速度）。</translation>
    </message>
    <message>
        <source>runs to %1
%2 tokens/s at %3</source>
        <translation>可运行至 %1
%3 时 %2 tokens/s</translation>
    </message>
    <message>
        <source>--n-cpu-moe %1
%2 tokens/s at %3</source>
        <translation>--n-cpu-moe %1
%3 时 %2 tokens/s</translation>
    </message>
    <message>
        <source>-ngl %1/%2
%3 tokens/s at %4</source>
        <translation>-ngl %1/%2
%4 时 %3 tokens/s</translation>
    </message>
    <message>
        <source>Each model stored as each llama.cpp type and run by llama-server with its defaults (four slots in one unified f16 KV cache; the model&apos;s training context, lowered by --fit as far as 4,096 tokens). A cell gives the longest context that runs wholly on the card, or else the offload that fits (-ngl: whole layers in system RAM; --n-cpu-moe: only experts), each leaving the 1 GiB free that --fit leaves, and the decode ceiling at peak bandwidth. Uniform types approximate published files (Q4_K_M is mostly q4_K).</source>
        <translation>每个模型分别以各种 llama.cpp 类型存储，由 llama-server 以默认设置运行（四个槽位共用一个统一的 f16 KV 缓存；模型的训练上下文，--fit 最多将其降至 4,096 tokens）。每个单元格给出完全在显卡上运行时的最长上下文，否则给出可行的卸载方式（-ngl：整层放在系统内存中；--n-cpu-moe：仅卸载专家），均像 --fit 一样在显卡上留出 1 GiB 空闲，以及峰值带宽下的解码上限。统一类型近似于已发布的文件（Q4_K_M 大部分为 q4_K）。</translation>
    </message>
    <message>
        <source>Card:</source>
        <translation>显卡：</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareChart</name>
    <message>
        <source>Tokens/s per user</source>
        <translation>每用户 tokens/s</translation>
    </message>
    <message>
        <source>%1 (does not fit)</source>
        <translation>%1（放不下）</translation>
    </message>
    <message>
        <source>%1 (no plan)</source>
        <translation>%1（无方案）</translation>
    </message>
    <message>
        <source>%1
%2 tokens/s per user, %3 tokens/s in all</source>
        <translation>%1
每用户 %2 tokens/s，总计 %3 tokens/s</translation>
    </message>
    <message>
        <source>Decode throughput against speed per user (circles: capacity at the target; the table&apos;s output tokens/s include prefill)</source>
        <translation>解码吞吐量与每用户速度（圆圈：目标下的容量；表格中的输出 token/s 含预填充）</translation>
    </message>
    <message>
        <source>Decode tokens/s</source>
        <translation>解码 token/s</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareModel</name>
    <message>
        <source>as shipped</source>
        <translation>原始格式</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Weight formats</source>
        <translation>权重格式</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV 缓存格式</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU 默认值</translation>
    </message>
    <message>
        <source>TP / EP / PP</source>
        <translation>TP / EP / PP</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 tokens</translation>
    </message>
    <message>
        <source>Concurrency</source>
        <translation>并发</translation>
    </message>
    <message>
        <source>Tokens per month (in / cached / out)</source>
        <translation>每月 tokens（输入 / 缓存 / 输出）</translation>
    </message>
    <message>
        <source>Hours per day</source>
        <translation>每天小时数</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>%1 x %2, TP %3 x PP %4, EP %5</source>
        <translation>%1 x %2，TP %3 x PP %4，EP %5</translation>
    </message>
    <message>
        <source>Weights (whole model)</source>
        <translation>权重（整个模型）</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation>每 GPU 权重</translation>
    </message>
    <message>
        <source>KV cache per GPU</source>
        <translation>每 GPU KV 缓存</translation>
    </message>
    <message>
        <source>Max concurrency at the context</source>
        <translation>该上下文下的最大并发</translation>
    </message>
    <message>
        <source>Memory floor / practical GPUs</source>
        <translation>显存下限 / 实际 GPU 数</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU 单价</translation>
    </message>
    <message>
        <source>%1 per GPU-hour</source>
        <translation>每 GPU 小时 %1</translation>
    </message>
    <message>
        <source>Monthly cost (scheduled)</source>
        <translation>月成本（按计划时长）</translation>
    </message>
    <message>
        <source>Monthly cost (always on)</source>
        <translation>月成本（全天运行）</translation>
    </message>
    <message>
        <source>API cost per month</source>
        <translation>每月 API 成本</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>无 API 价格</translation>
    </message>
    <message>
        <source>Self-hosted per 1M output tokens</source>
        <translation>自托管每 1M 输出 tokens</translation>
    </message>
    <message>
        <source>n/a (does not fit)</source>
        <translation>不适用（放不下）</translation>
    </message>
    <message>
        <source>n/a (no output tokens)</source>
        <translation>不适用（无输出 tokens）</translation>
    </message>
    <message>
        <source>Break-even output tokens per month</source>
        <translation>每月盈亏平衡输出 tokens</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>Break-even heavy users</source>
        <translation>盈亏平衡重度用户数</translation>
    </message>
    <message>
        <source>What</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>not modelled</source>
        <translation>未建模</translation>
    </message>
    <message>
        <source>Throughput at the target</source>
        <translation>目标下的吞吐量</translation>
    </message>
    <message>
        <source>Running batch (sequences)</source>
        <translation>运行中的批大小（序列数）</translation>
    </message>
    <message>
        <source>Output tokens/s (likely, low - high)</source>
        <translation>输出 tokens/s（可能值，低 - 高）</translation>
    </message>
    <message>
        <source>%1 (%2 - %3)</source>
        <translation>%1（%2 - %3）</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>每用户 tokens/s</translation>
    </message>
    <message>
        <source>Median TTFT / TPOT</source>
        <translation>TTFT / TPOT 中位数</translation>
    </message>
    <message>
        <source>%1 ms / %2 ms</source>
        <translation>%1 ms / %2 ms</translation>
    </message>
    <message>
        <source>Output tokens per month (capacity)</source>
        <translation>每月输出 tokens（容量）</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity</source>
        <translation>满负荷时每 1M 输出 tokens 成本</translation>
    </message>
    <message>
        <source>Tokens/s per USD per hour</source>
        <translation>每小时每美元 tokens/s</translation>
    </message>
    <message>
        <source>%1 (serves %2)</source>
        <translation>%1（可服务 %2）</translation>
    </message>
    <message>
        <source>starts, holds %1 of %2 sequences</source>
        <translation>可启动，容纳 %2 个序列中的 %1 个</translation>
    </message>
    <message>
        <source>no GPU-hour rate</source>
        <translation>无 GPU 小时价格</translation>
    </message>
    <message>
        <source>%1 (serves %2, up to %3 at the band&apos;s fast end)</source>
        <translation>%1（可服务 %2，区间快端最多 %3）</translation>
    </message>
    <message>
        <source>%1 (too close to call)</source>
        <translation>%1（难以判定）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::CompareView</name>
    <message>
        <source>&amp;Pin current scenario</source>
        <translation>固定当前场景(&amp;P)</translation>
    </message>
    <message>
        <source>Pin from file...</source>
        <translation>从文件固定...</translation>
    </message>
    <message>
        <source>Make pinned current</source>
        <translation>将固定场景设为当前</translation>
    </message>
    <message>
        <source>Differences only</source>
        <translation>仅显示差异</translation>
    </message>
    <message>
        <source>Pin scenario file</source>
        <translation>固定场景文件</translation>
    </message>
    <message>
        <source>HostPlan scenario (*.json)</source>
        <translation>HostPlan 场景 (*.json)</translation>
    </message>
    <message>
        <source>Use pinned scenario</source>
        <translation>使用固定场景</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario: %2</source>
        <translation>%1 不是有效的场景：%2</translation>
    </message>
    <message>
        <source>The current scenario equals the pinned one.</source>
        <translation>当前场景与固定场景相同。</translation>
    </message>
    <message>
        <source>1 difference, highlighted.</source>
        <translation>1 处差异，已高亮。</translation>
    </message>
    <message>
        <source>%1 differences, highlighted.</source>
        <translation>%1 处差异，已高亮。</translation>
    </message>
    <message>
        <source>Keep a copy of the current scenario to compare later edits against; pin again to compare several</source>
        <translation>保存当前场景的副本，以便与之后的修改比较；再次固定可比较多个场景</translation>
    </message>
    <message>
        <source>The pinned scenario the buttons beside act on</source>
        <translation>旁边按钮所作用的固定场景</translation>
    </message>
    <message>
        <source>Replace the current scenario by the chosen pinned one (undoable)</source>
        <translation>用所选的固定场景替换当前场景（可撤销）</translation>
    </message>
    <message>
        <source>Remove pin</source>
        <translation>删除固定</translation>
    </message>
    <message>
        <source>Clear pins</source>
        <translation>清除固定</translation>
    </message>
    <message>
        <source>Pinned</source>
        <translation>固定场景</translation>
    </message>
    <message>
        <source>Pinned %1</source>
        <translation>固定场景 %1</translation>
    </message>
    <message>
        <source>At most %1 scenarios can be pinned: remove one first.</source>
        <translation>最多只能固定 %1 个场景：请先删除一个。</translation>
    </message>
    <message>
        <source>Pin the current scenario, then change inputs: the table shows the pinned and the current scenario side by side. Pin again to compare several.</source>
        <translation>固定当前场景，然后修改输入：表格将并排显示固定场景和当前场景。再次固定可比较多个场景。</translation>
    </message>
    <message>
        <source>Current</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>The current scenario equals every pinned one.</source>
        <translation>当前场景与所有固定场景都相同。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Count</name>
    <message>
        <source>1 GPU</source>
        <translation>1 个 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <source>1 node</source>
        <translation>1 个节点</translation>
    </message>
    <message>
        <source>%1 nodes</source>
        <translation>%1 个节点</translation>
    </message>
    <message>
        <source>1 sequence</source>
        <translation>1 个序列</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 个序列</translation>
    </message>
    <message>
        <source>1 heavy user</source>
        <translation>1 名重度用户</translation>
    </message>
    <message>
        <source>%1 heavy users</source>
        <translation>%1 名重度用户</translation>
    </message>
    <message>
        <source>, attention DP %1</source>
        <translation>，注意力 DP %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::DeployView</name>
    <message>
        <source>&lt;h3 style=&apos;color:#b00&apos;&gt;No plan&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:#b00&apos;&gt;无方案&lt;/h3&gt;&lt;p&gt;%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; on %2 x %3 (TP %4, EP %5, PP %6), context %7 tokens.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 运行于 %2 x %3（TP %4，EP %5，PP %6），上下文 %7 tokens。</translation>
    </message>
    <message>
        <source>%1 data-parallel replicas on %2: run each command once per replica, behind a load balancer.</source>
        <translation>%2 上的 %1 个数据并行副本：每个副本各运行一次每条命令，置于负载均衡器之后。</translation>
    </message>
    <message>
        <source>First, on the nodes:</source>
        <translation>首先，在各节点上：</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the %1 command to the clipboard</source>
        <translation>将 %1 命令复制到剪贴板</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Why this value</source>
        <translation>取值原因</translation>
    </message>
    <message>
        <source>(model)</source>
        <translation>（模型）</translation>
    </message>
    <message>
        <source>These commands start, holding %1 of the workload&apos;s %2 sequences at once; the rest queue.</source>
        <translation>这些命令可以启动，同时容纳工作负载 %2 个序列中的 %1 个；其余排队等待。</translation>
    </message>
    <message>
        <source>The plan does not fit: these commands will not start or will cap every request below the context.</source>
        <translation>方案放不下：这些命令无法启动，或会把每个请求截断到上下文以下。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Export</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>PDF, A4 (*.pdf)</source>
        <translation>PDF，A4 (*.pdf)</translation>
    </message>
    <message>
        <source>PDF, Letter (*.pdf)</source>
        <translation>PDF，Letter (*.pdf)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Export tables as CSV (one file per table, named &lt;name&gt;-&lt;table&gt;.csv)</source>
        <translation>将表格导出为 CSV（每个表格一个文件，命名为 &lt;name&gt;-&lt;table&gt;.csv）</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export tables as CSV</source>
        <translation>将表格导出为 CSV</translation>
    </message>
    <message>
        <source>Export JSON</source>
        <translation>导出 JSON</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export &amp;report...</source>
        <translation>导出报告(&amp;R)...</translation>
    </message>
    <message>
        <source>Write the budget report as a PDF</source>
        <translation>将预算报告写为 PDF</translation>
    </message>
    <message>
        <source>Export tables as &amp;CSV...</source>
        <translation>将表格导出为 CSV(&amp;C)...</translation>
    </message>
    <message>
        <source>Write the report&apos;s tables as CSV files</source>
        <translation>将报告中的表格写为 CSV 文件</translation>
    </message>
    <message>
        <source>Export &amp;JSON...</source>
        <translation>导出 JSON(&amp;J)...</translation>
    </message>
    <message>
        <source>Write the whole plan as JSON (the schema of hostplan-cli plan --json)</source>
        <translation>将整个方案写为 JSON（格式同 hostplan-cli plan --json）</translation>
    </message>
    <message>
        <source>Wrote %1 (%2 pages)</source>
        <translation>已写入 %1（%2 页）</translation>
    </message>
    <message>
        <source>Wrote %1 CSV files: %2</source>
        <translation>已写入 %1 个 CSV 文件：%2</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Format</name>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 十亿</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 百万</translation>
    </message>
    <message>
        <source>calibrated by a probe report</source>
        <translation>已由探测报告校准</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>modelled</source>
        <translation>模型估算</translation>
    </message>
    <message>
        <source>%1 advertised, %2 usable (as the engines measure it)</source>
        <translation>标称 %1，可用 %2（按引擎的测量）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::GpuTypesChart</name>
    <message>
        <source>GPUs needed per GPU type: %1 tokens x %2, %3</source>
        <translation>各 GPU 型号所需 GPU 数：%1 tokens x %2，%3</translation>
    </message>
    <message>
        <source>Practical, native MXFP4</source>
        <translation>实际数量，原生 MXFP4</translation>
    </message>
    <message>
        <source>Practical, no native MXFP4</source>
        <translation>实际数量，无原生 MXFP4</translation>
    </message>
    <message>
        <source>Memory floor</source>
        <translation>显存下限</translation>
    </message>
    <message>
        <source>%1
Memory floor: %2 (%3 of weights / %4 per GPU)
</source>
        <translation>%1
显存下限：%2（权重 %3 / 每 GPU %4）
</translation>
    </message>
    <message>
        <source>Practical: %1 (TP %2 x PP %3, EP %4), %5 per month</source>
        <translation>实际数量：%1（TP %2 x PP %3，EP %4），每月 %5</translation>
    </message>
    <message>
        <source>Practical: no layout up to %1 GPUs carries the workload</source>
        <translation>实际数量：在 %1 个 GPU 以内没有能承载该负载的布局</translation>
    </message>
    <message>
        <source> (no fit)</source>
        <translation>（放不下）</translation>
    </message>
    <message>
        <source> (n/a)</source>
        <translation>（不适用）</translation>
    </message>
    <message>
        <source>
Native MXFP4 tensor cores</source>
        <translation>
原生 MXFP4 Tensor Core</translation>
    </message>
    <message>
        <source>
No native MXFP4: FP4 weights are dequantized</source>
        <translation>
无原生 MXFP4：FP4 权重需反量化</translation>
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
        <translation>实际：%1（TP %2 x PP %3，EP %4）</translation>
    </message>
    <message>
        <source>Your plan (GPU count fixed at %1): %2 per month</source>
        <translation>您的方案（GPU 数量固定为 %1）：每月 %2</translation>
    </message>
    <message>
        <source>%1/month (%2) · %3</source>
        <translation>每月 %1（%2）· %3</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Group</name>
    <message>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>attention (replicated down-projections)</source>
        <translation>注意力（复制的下投影）</translation>
    </message>
    <message>
        <source>short convolutions</source>
        <translation>短卷积</translation>
    </message>
    <message>
        <source>norms and small vectors</source>
        <translation>归一化与小向量</translation>
    </message>
    <message>
        <source>router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>embedding (tied lm_head)</source>
        <translation>嵌入（共享 lm_head）</translation>
    </message>
    <message>
        <source>lm_head</source>
        <translation>lm_head</translation>
    </message>
    <message>
        <source>dense MLP</source>
        <translation>稠密 MLP</translation>
    </message>
    <message>
        <source>routed experts</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <source>routed expert biases</source>
        <translation>路由专家偏置</translation>
    </message>
    <message>
        <source>shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>latent MoE projections</source>
        <translation>潜在 MoE 投影</translation>
    </message>
    <message>
        <source>vision tower</source>
        <translation>视觉塔</translation>
    </message>
    <message>
        <source>multimodal projector</source>
        <translation>多模态投影器</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HardwarePanel</name>
    <message>
        <source>%1: %2 per GPU, %3 TB/s HBM, %4 GPUs per node%5
Source: %6 (as of %7)</source>
        <translation>%1：每 GPU %2，%3 TB/s HBM，每节点 %4 个 GPU%5
来源：%6（截至 %7）</translation>
    </message>
    <message>
        <source>, native MXFP4</source>
        <translation>，原生 MXFP4</translation>
    </message>
    <message>
        <source>&amp;GPU</source>
        <translation>GPU(&amp;G)</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>GPUs in the deployment. auto = the smallest rentable count (1 GPU or whole nodes) that carries the workload</source>
        <translation>部署中的 GPU 数。自动 = 能承载该负载的最小可租数量（1 个 GPU 或整节点）</translation>
    </message>
    <message>
        <source>GPU default</source>
        <translation>GPU 默认值</translation>
    </message>
    <message>
        <source>GPUs per rental node (bundle size); default = the GPU&apos;s usual node (8, or 4 per GB200/GB300 tray)</source>
        <translation>每个租用节点的 GPU 数（捆绑规模）；默认 = 该 GPU 的常见节点（8，GB200/GB300 每托盘 4）</translation>
    </message>
    <message>
        <source>GPUs per &amp;node</source>
        <translation>每节点 GPU 数(&amp;N)</translation>
    </message>
    <message>
        <source>Tensor parallel size: a power of two that divides the attention heads</source>
        <translation>张量并行规模：能整除注意力头数的 2 的幂</translation>
    </message>
    <message>
        <source>&amp;TP</source>
        <translation>TP(&amp;T)</translation>
    </message>
    <message>
        <source>Expert parallel size: 1 (experts sliced by TP) or equal to TP (whole experts per GPU); must divide the routed experts</source>
        <translation>专家并行规模：1（专家按 TP 切分）或等于 TP（每个 GPU 放完整专家）；必须整除路由专家数</translation>
    </message>
    <message>
        <source>Pipeline parallel size: stages across nodes; TP x PP = GPU count, at most one stage per layer</source>
        <translation>流水线并行规模：跨节点的阶段数；TP x PP = GPU 数量，每层最多一个阶段</translation>
    </message>
    <message>
        <source>&amp;PP</source>
        <translation>PP(&amp;P)</translation>
    </message>
    <message>
        <source>The serving engine whose memory rules the plan follows</source>
        <translation>方案所遵循其显存规则的推理引擎</translation>
    </message>
    <message>
        <source>E&amp;ngine</source>
        <translation>引擎(&amp;N)</translation>
    </message>
    <message>
        <source>engine default</source>
        <translation>引擎默认值</translation>
    </message>
    <message>
        <source>vLLM gpu_memory_utilization / SGLang mem_fraction_static (of total memory); TensorRT-LLM free_gpu_memory_fraction (of memory free after weights)</source>
        <translation>vLLM gpu_memory_utilization / SGLang mem_fraction_static（占总显存）；TensorRT-LLM free_gpu_memory_fraction（占加载权重后的空闲显存）</translation>
    </message>
    <message>
        <source>Memory fraction</source>
        <translation>显存比例</translation>
    </message>
    <message>
        <source>Change GPU to %1</source>
        <translation>将 GPU 改为 %1</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>将 %1 改为 %2</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
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
        <translation>将引擎改为 %1</translation>
    </message>
    <message>
        <source>Change memory fraction to %1</source>
        <translation>将显存比例改为 %1</translation>
    </message>
    <message>
        <source>%1 per GPU, %2 TB/s, %3</source>
        <translation>每 GPU %1，%2 TB/s，%3</translation>
    </message>
    <message>
        <source>native MXFP4</source>
        <translation>原生 MXFP4</translation>
    </message>
    <message>
        <source>no native MXFP4 (dequantizes)</source>
        <translation>无原生 MXFP4（需反量化）</translation>
    </message>
    <message>
        <source>GPU default (%1)</source>
        <translation>GPU 默认值（%1）</translation>
    </message>
    <message>
        <source>engine default (%1)</source>
        <translation>引擎默认值（%1）</translation>
    </message>
    <message>
        <source>Evaluated: %1%2 = TP %3 x PP %4, EP %5; %6</source>
        <translation>评估结果：%1%2 = TP %3 x PP %4，EP %5；%6</translation>
    </message>
    <message>
        <source> (auto)</source>
        <translation>（自动）</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>无方案：%1</translation>
    </message>
    <message>
        <source>; %1 data-parallel replicas</source>
        <translation>；%1 个数据并行副本</translation>
    </message>
    <message>
        <source>; offer %1 (%2)</source>
        <translation>；租用报价 %1（%2）</translation>
    </message>
    <message>
        <source>The GPU type to rent, from the catalogue resources/gpus.json (memory, usable memory, HBM bandwidth, compute rates and node size, each with its source and date). Choosing one sets the count, node size and layout back to auto.</source>
        <translation>要租用的 GPU 型号，来自目录 resources/gpus.json（显存、可用显存、HBM 带宽、算力和节点规模，均附来源和日期）。选择后数量、节点规模和布局将恢复为自动。</translation>
    </message>
    <message>
        <source>B300, from the default scenario (resources/default-scenario.json).</source>
        <translation>B300，来自默认场景（resources/default-scenario.json）。</translation>
    </message>
    <message>
        <source>How many GPUs the deployment rents.</source>
        <translation>部署租用的 GPU 数量。</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>auto (0): the layout search takes the smallest rentable count (one GPU or whole nodes of the offers in resources/offers.json) whose memory, by the engine&apos;s own rules, holds the workload.</source>
        <translation>自动 (0)：布局搜索选取按引擎自身规则显存能容纳该负载的最小可租数量（1 个 GPU 或 resources/offers.json 中租用报价的整节点）。</translation>
    </message>
    <message>
        <source>GPUs in one rental node (the bundle a provider rents); tensor parallelism stays inside a node.</source>
        <translation>一个租用节点中的 GPU 数（供应商出租的捆绑单位）；张量并行不跨节点。</translation>
    </message>
    <message>
        <source>the GPU&apos;s usual node from resources/gpus.json (8; 4 per GB200/GB300 tray).</source>
        <translation>该 GPU 在 resources/gpus.json 中的常见节点（8；GB200/GB300 每托盘 4）。</translation>
    </message>
    <message>
        <source>Tensor parallel size: each layer&apos;s weights are split across this many GPUs. A power of two that divides the attention heads.</source>
        <translation>张量并行规模：每层的权重拆分到这么多个 GPU 上。须为能整除注意力头数的 2 的幂。</translation>
    </message>
    <message>
        <source>GPUs (tensor-parallel ranks)</source>
        <translation>GPU（张量并行 rank）</translation>
    </message>
    <message>
        <source>auto (0): the layout search, from the heads in the model&apos;s config.json (num_attention_heads, num_key_value_heads).</source>
        <translation>自动 (0)：由布局搜索根据模型 config.json 中的头数（num_attention_heads、num_key_value_heads）确定。</translation>
    </message>
    <message>
        <source>Expert parallel size: whole routed experts per GPU (EP = TP) or experts sliced by tensor parallelism (EP = 1). Must divide the routed experts.</source>
        <translation>专家并行规模：每个 GPU 放完整的路由专家（EP = TP），或专家按张量并行切分（EP = 1）。必须能整除路由专家数。</translation>
    </message>
    <message>
        <source>GPUs (expert-parallel ranks)</source>
        <translation>GPU（专家并行 rank）</translation>
    </message>
    <message>
        <source>Pipeline parallel size: layers split into stages across nodes; TP x PP = GPU count, at most one stage per layer.</source>
        <translation>流水线并行规模：层被拆分为跨节点的阶段；TP x PP = GPU 数量，每层最多一个阶段。</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>流水线阶段</translation>
    </message>
    <message>
        <source>auto (0): the layout search, within the layers of the model&apos;s config.json (num_hidden_layers).</source>
        <translation>自动 (0)：由布局搜索在模型 config.json 的层数（num_hidden_layers）范围内确定。</translation>
    </message>
    <message>
        <source>The serving engine whose memory rules size the plan: what it allocates at start-up (weights, KV cache pool, activations, CUDA graphs) and its default limits.</source>
        <translation>用其显存规则确定方案规模的推理引擎：包括启动时分配的内容（权重、KV 缓存池、激活值、CUDA graphs）及其默认限制。</translation>
    </message>
    <message>
        <source>vLLM, from the default scenario; each engine&apos;s rules and the versions they were read from are in the core&apos;s engine table (core/engine/engine.cpp).</source>
        <translation>vLLM，来自默认场景；各引擎的规则及其所依据的版本见核心的引擎表（core/engine/engine.cpp）。</translation>
    </message>
    <message>
        <source>The share of GPU memory the engine may use: vLLM gpu_memory_utilization and SGLang mem_fraction_static are of total memory, TensorRT-LLM free_gpu_memory_fraction of the memory left after the weights.</source>
        <translation>引擎可使用的 GPU 显存比例：vLLM gpu_memory_utilization 和 SGLang mem_fraction_static 按总显存计算，TensorRT-LLM free_gpu_memory_fraction 按加载权重后剩余的显存计算。</translation>
    </message>
    <message>
        <source>fraction, 0 to 1 (0.90 = 90 %)</source>
        <translation>比例，0 到 1（0.90 = 90 %）</translation>
    </message>
    <message>
        <source>none (model id, path or &quot;eagle&quot;)</source>
        <translation>无（模型 ID、路径或 &quot;eagle&quot;）</translation>
    </message>
    <message>
        <source>Speculative-decoding draft the engine loads beside the model: a model id or path, or &quot;eagle&quot; for an EAGLE head built from the model</source>
        <translation>引擎在模型旁加载的推测解码草稿模型：模型 ID 或路径，或 &quot;eagle&quot; 表示由该模型构建的 EAGLE 头</translation>
    </message>
    <message>
        <source>The draft model the engine runs for speculative decoding (vLLM --speculative-config model, SGLang --speculative-draft-model-path). Its weights, KV cache and profiled activation count by the engine&apos;s rules.</source>
        <translation>引擎用于推测解码的草稿模型（vLLM --speculative-config model，SGLang --speculative-draft-model-path）。其权重、KV 缓存和剖析（profile）测得的激活值按引擎自身规则计入。</translation>
    </message>
    <message>
        <source>a catalogue model id, a model path, or &quot;eagle&quot;</source>
        <translation>目录中的模型 ID、模型路径或 &quot;eagle&quot;</translation>
    </message>
    <message>
        <source>Empty: no draft model; a model&apos;s own MTP layers draft when the workload speculates.</source>
        <translation>留空：不使用草稿模型；负载启用推测解码时由模型自身的 MTP 层生成草稿。</translation>
    </message>
    <message>
        <source>&amp;Draft model</source>
        <translation>草稿模型(&amp;D)</translation>
    </message>
    <message>
        <source>Remove the draft model</source>
        <translation>删除草稿模型</translation>
    </message>
    <message>
        <source>Change draft model to %1</source>
        <translation>将草稿模型改为 %1</translation>
    </message>
    <message>
        <source>newest</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>The llama.cpp release whose memory rules the llama.cpp plans follow (the This card tab)</source>
        <translation>llama.cpp 方案所遵循的内存规则对应的 llama.cpp 版本（“本显卡”标签页）</translation>
    </message>
    <message>
        <source>The llama.cpp release (bNNNN, as llama-server --version prints it) whose memory rules the llama.cpp plans follow. Releases before b7847 count -ngl from the repeating layers (the output layer goes to the GPU last) and keep one input tensor fewer in the host compute buffer.</source>
        <translation>llama.cpp 方案所遵循的内存规则对应的 llama.cpp 版本（bNNNN，即 llama-server --version 打印的形式）。b7847 之前的版本从重复层开始计算 -ngl（输出层最后放到 GPU 上），并且主机计算缓冲区中少保留一个输入张量。</translation>
    </message>
    <message>
        <source>release number, e.g. 5466</source>
        <translation>版本号，例如 5466</translation>
    </message>
    <message>
        <source>&quot;newest&quot; (0): the newest rules HostPlan knows.</source>
        <translation>“最新”（0）：HostPlan 已知的最新规则。</translation>
    </message>
    <message>
        <source>&amp;llama.cpp release</source>
        <translation>llama.cpp 版本(&amp;L)</translation>
    </message>
    <message>
        <source>Change llama.cpp release to %1</source>
        <translation>将 llama.cpp 版本改为 %1</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>The vLLM release whose start-up memory rules vLLM plans follow</source>
        <translation>vLLM 方案所遵循的启动内存规则对应的 vLLM 版本</translation>
    </message>
    <message>
        <source>vLLM rules</source>
        <translation>vLLM 规则</translation>
    </message>
    <message>
        <source>Change vLLM rules to %1</source>
        <translation>将 vLLM 规则改为 %1</translation>
    </message>
    <message>
        <source>The vLLM release whose start-up memory rules size a vLLM plan: how its worker profiles the activation peak (sampler warm-up, logits), what it counts as non-torch memory and how its MoE kernels lay out MXFP4 experts. Pick the release you will run; the defaults (max_num_seqs, batched tokens) are the same for every release.</source>
        <translation>用其启动内存规则来估算 vLLM 方案的 vLLM 版本：其 worker 如何测量激活峰值（采样器预热、logits）、哪些计为非 torch 内存，以及其 MoE 内核如何排布 MXFP4 专家。请选择您将运行的版本；默认值（max_num_seqs、每步 token 数）对每个版本都相同。</translation>
    </message>
    <message>
        <source>default: v0.19&apos;s rules, the newest checked against whole start-up logs.</source>
        <translation>默认：v0.19 的规则，即经完整启动日志验证的最新版本。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Automatic prefix caching: on a model with recurrent layers vLLM keeps two state pages per request with it</source>
        <translation>自动前缀缓存：对含循环层的模型，开启后 vLLM 每个请求保留两个状态页</translation>
    </message>
    <message>
        <source>The engine&apos;s automatic prefix caching (vLLM --enable-prefix-caching). On a model with Mamba or linear-attention layers vLLM then keeps two state pages per request in each of their cache groups instead of one, so fewer sequences fit.</source>
        <translation>引擎的自动前缀缓存（vLLM --enable-prefix-caching）。对含 Mamba 或线性注意力层的模型，vLLM 随后在其每个缓存组中为每个请求保留两个而非一个状态页，因此可容纳的序列更少。</translation>
    </message>
    <message>
        <source>engine default, on or off</source>
        <translation>引擎默认、开或关</translation>
    </message>
    <message>
        <source>engine default: off for vLLM on a model with recurrent layers.</source>
        <translation>引擎默认：对含循环层的模型，vLLM 为关。</translation>
    </message>
    <message>
        <source>Prefix caching</source>
        <translation>前缀缓存</translation>
    </message>
    <message>
        <source>Change prefix caching to %1</source>
        <translation>将前缀缓存改为 %1</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): the engine&apos;s own default, vLLM 0.9 (0.92 from v0.22), SGLang by GPU size and TP (its server_args.py table), TensorRT-LLM 0.9.</source>
        <translation>“引擎默认”(0)：引擎自己的默认值，vLLM 0.9（v0.22 起为 0.92），SGLang 按 GPU 显存大小和 TP（其 server_args.py 表），TensorRT-LLM 0.9。</translation>
    </message>
    <message>
        <source>vLLM --max-num-seqs / SGLang --max-running-requests / TensorRT-LLM --max_batch_size: sequences the engine runs at once</source>
        <translation>vLLM --max-num-seqs / SGLang --max-running-requests / TensorRT-LLM --max_batch_size：引擎同时运行的序列数</translation>
    </message>
    <message>
        <source>The engine&apos;s cap on running sequences. It bounds the batch the capacity figures use, the rows of the sampler the engine profiles at start-up and, for vLLM, the CUDA graphs it captures.</source>
        <translation>引擎同时运行序列数的上限。它限制容量数字所用的批大小、引擎启动时剖析的采样器行数，以及 vLLM 捕获的 CUDA 图。</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): vLLM 1024 on GPUs of 70 GiB or more (256 on smaller ones and A100), SGLang its CUDA-graph batch by GPU size, TensorRT-LLM 2048.</source>
        <translation>“引擎默认”(0)：vLLM 在 70 GiB 及以上的 GPU 上为 1024（较小的 GPU 和 A100 上为 256），SGLang 为按 GPU 显存大小定的 CUDA 图批大小，TensorRT-LLM 为 2048。</translation>
    </message>
    <message>
        <source>Max &amp;sequences</source>
        <translation>最大序列数(&amp;S)</translation>
    </message>
    <message>
        <source>vLLM --max-num-batched-tokens / SGLang --chunked-prefill-size: tokens per engine step</source>
        <translation>vLLM --max-num-batched-tokens / SGLang --chunked-prefill-size：每个引擎步的词元数</translation>
    </message>
    <message>
        <source>Tokens the engine runs in one step (a prefill chunk). The engine profiles a forward of this many tokens at start-up, so it sizes the activation peak.</source>
        <translation>引擎在一步中运行的词元数（一个预填充块）。引擎启动时会剖析这么多词元的一次前向，因此它决定激活峰值。</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>&amp;Batched tokens</source>
        <translation>每步词元数(&amp;B)</translation>
    </message>
    <message>
        <source>Change max sequences to %1</source>
        <translation>将最大序列数改为 %1</translation>
    </message>
    <message>
        <source>Change batched tokens to %1</source>
        <translation>将每步词元数改为 %1</translation>
    </message>
    <message>
        <source>Serve text only</source>
        <translation>仅提供文本服务</translation>
    </message>
    <message>
        <source>vLLM: no vision tower is built, loaded or profiled</source>
        <translation>vLLM：不构建、不加载也不剖析视觉塔</translation>
    </message>
    <message>
        <source>Serve a multimodal model&apos;s text only (vLLM --limit-mm-per-prompt with 0 images and videos). vLLM then builds no vision tower: its weights are not loaded and the profile pass on the largest dummy image, which can take more memory than the decoder&apos;s, does not run, so the KV pool grows. Image and video requests are refused.</source>
        <translation>对多模态模型仅提供文本服务（vLLM --limit-mm-per-prompt 设图像和视频为 0）。vLLM 随后不构建视觉塔：不加载其权重，也不运行在最大虚拟图像上的剖析过程（它可能比解码器的占用更多显存），因此 KV 池变大。图像和视频请求会被拒绝。</translation>
    </message>
    <message>
        <source>on or off</source>
        <translation>开或关</translation>
    </message>
    <message>
        <source>default: off; other engines ignore it.</source>
        <translation>默认：关；其他引擎忽略此项。</translation>
    </message>
    <message>
        <source>Multimodal</source>
        <translation>多模态</translation>
    </message>
    <message>
        <source>Serve images and video</source>
        <translation>提供图像和视频服务</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): vLLM 8192 on GPUs of 70 GiB or more (2048 on smaller ones and A100), SGLang its chunked prefill size by GPU size, TensorRT-LLM 8192.</source>
        <translation>“引擎默认”（0）：vLLM 在 70 GiB 及以上的 GPU 上为 8192（较小的 GPU 和 A100 上为 2048），SGLang 按 GPU 大小取其分块预填充大小，TensorRT-LLM 为 8192。</translation>
    </message>
    <message>
        <source> of %1</source>
        <translation>，每个 %1</translation>
    </message>
    <message>
        <source>auto (0): the layout search, from the experts in the model&apos;s config.json (n_routed_experts or num_local_experts); with TP or PP given, off (EP 1), as the engines start without their expert-parallel flag.</source>
        <translation>自动 (0)：由布局搜索根据模型 config.json 中的专家数（n_routed_experts 或 num_local_experts）确定；指定了 TP 或 PP 时为关闭（EP 1），与引擎在不加专家并行参数时的启动方式一致。</translation>
    </message>
    <message>
        <source>Add GPU types...</source>
        <translation>添加 GPU 类型...</translation>
    </message>
    <message>
        <source>Read your own GPU types from a JSON file in resources/gpus.json&apos;s schema: a card the catalogue lacks, or your measured figures for one it has (same id). They are saved in the scenario (hardware.custom_gpus).</source>
        <translation>从采用 resources/gpus.json 格式的 JSON 文件读取您自己的 GPU 类型：目录中没有的显卡，或您为目录中已有显卡测得的数据（相同 id）。它们保存在场景中（hardware.custom_gpus）。</translation>
    </message>
    <message>
        <source>Add GPU types</source>
        <translation>添加 GPU 类型</translation>
    </message>
    <message>
        <source>GPU types (*.json);;All files (*)</source>
        <translation>GPU 类型 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 (yours)</source>
        <translation>%1（您的）</translation>
    </message>
    <message>
        <source>%1 holds no GPU types</source>
        <translation>%1 不含任何 GPU 类型</translation>
    </message>
    <message>
        <source>Add GPU types from %1</source>
        <translation>从 %1 添加 GPU 类型</translation>
    </message>
    <message>
        <source>Adds GPU types of your own to the GPU list: a JSON file in resources/gpus.json&apos;s schema (an example: docs/examples/gpus-a30.json), one entry per type with its memory, usable memory, bandwidth, compute rates, node size and compute capability, each with its source. An entry with a catalogue id replaces that GPU&apos;s figures (your measured usable memory); a name that already names another GPU is refused. The types are saved in the scenario (hardware.custom_gpus); undo removes them.</source>
        <translation>向 GPU 列表添加您自己的 GPU 类型：采用 resources/gpus.json 格式的 JSON 文件（示例：docs/examples/gpus-a30.json），每种类型一个条目，包含显存、可用显存、带宽、算力、节点规模和计算能力（compute capability），每项都注明来源。id 与目录相同的条目会替换该 GPU 的数据（您实测的可用显存）；已指代其他 GPU 的名称会被拒绝。这些类型保存在场景中（hardware.custom_gpus）；撤销即可移除。</translation>
    </message>
    <message>
        <source>none: the catalogue&apos;s GPU types only.</source>
        <translation>无：仅使用目录中的 GPU 类型。</translation>
    </message>
    <message>
        <source>The SGLang release whose start-up memory rules SGLang plans follow</source>
        <translation>SGLang 方案所遵循的启动内存规则对应的 SGLang 版本</translation>
    </message>
    <message>
        <source>default: v0.5.14&apos;s rules, the newest (without speculative decoding they are v0.5.10&apos;s, checked against start-up logs of 2026).</source>
        <translation>默认：v0.5.14 的规则，即最新规则（不使用推测解码时与 v0.5.10 相同，已用 2026 年的启动日志核对）。</translation>
    </message>
    <message>
        <source>SGLang rules</source>
        <translation>SGLang 规则</translation>
    </message>
    <message>
        <source>Change SGLang rules to %1</source>
        <translation>将 SGLang 规则改为 %1</translation>
    </message>
    <message>
        <source>The SGLang release whose start-up memory rules size an SGLang plan. The default --mem-fraction-static follows a table by TP size up to v0.4.7, a memory tier&apos;s reserve from v0.4.7.post1 and PR #10975&apos;s reserve from v0.5.3; from v0.5.10 the server captures piecewise CUDA graphs and reserves 8 MiB per capture size; from v0.5.14 a draft model&apos;s weights and KV cache come out of that fraction instead of the rest of the GPU.</source>
        <translation>决定 SGLang 方案规模的 SGLang 版本的启动内存规则。默认 --mem-fraction-static 在 v0.4.7 及之前按 TP 规模查表，从 v0.4.7.post1 起按显存档位预留，从 v0.5.3 起按 PR #10975 的预留；从 v0.5.10 起服务器捕获分段 CUDA 图并为每个捕获尺寸预留 8 MiB；从 v0.5.14 起草稿模型的权重和 KV 缓存从该比例中扣除，而不是占用 GPU 的其余部分。</translation>
    </message>
    <message>
        <source>an SGLang release from 0.4.0 on (for example 0.4.7.post1); it follows the newest rule set at or before it</source>
        <translation>0.4.0 及之后的 SGLang 版本（例如 0.4.7.post1）；采用不晚于该版本的最新规则集</translation>
    </message>
    <message>
        <source>Attention data parallel ranks (MoE models): TP / DP GPUs split each attention layer and hold their own sequences&apos; KV</source>
        <translation>注意力数据并行组数（MoE 模型）：每 TP / DP 个 GPU 切分一层注意力，并保存各自序列的 KV</translation>
    </message>
    <message>
        <source>Attention data parallelism for a mixture-of-experts model: the TP GPUs form DP groups of TP / DP GPUs; each group holds the attention weights and the KV cache of its own sequences, and the routed experts span all TP GPUs (vLLM --data-parallel-size with --enable-expert-parallel, SGLang --dp-size --enable-dp-attention). Must divide TP.</source>
        <translation>混合专家模型的注意力数据并行：TP 个 GPU 组成 DP 个组，每组 TP / DP 个 GPU；每组保存注意力权重及其自身序列的 KV 缓存，路由专家分布在全部 TP 个 GPU 上（vLLM --data-parallel-size 加 --enable-expert-parallel，SGLang --dp-size --enable-dp-attention）。必须整除 TP。</translation>
    </message>
    <message>
        <source>attention groups (DP ranks)</source>
        <translation>注意力组（DP rank）</translation>
    </message>
    <message>
        <source>&amp;Attention DP</source>
        <translation>注意力 DP(&amp;A)</translation>
    </message>
    <message>
        <source>attention DP</source>
        <translation>注意力 DP</translation>
    </message>
    <message>
        <source>; attention DP %1 (TP %2 per attention group)</source>
        <translation>；注意力 DP %1（每个注意力组 TP %2）</translation>
    </message>
    <message>
        <source>DeepEP low latency</source>
        <translation>DeepEP 低延迟</translation>
    </message>
    <message>
        <source>DeepEP high throughput</source>
        <translation>DeepEP 高吞吐</translation>
    </message>
    <message>
        <source>The kernels that send tokens to the experts&apos; GPUs under expert parallelism</source>
        <translation>在专家并行下把 token 发送到专家所在 GPU 的内核</translation>
    </message>
    <message>
        <source>The MoE all-to-all backend of an expert-parallel layout (vLLM --all2all-backend, used with attention DP; SGLang --moe-a2a-backend deepep --deepep-mode). DeepEP needs EP over all TP GPUs. vLLM: its buffers count inside the KV budget, the low-latency kernels use a batched expert workspace and, from v0.20, 256 tokens per step by default. SGLang: the shared experts are whole on every GPU, and the normal (high-throughput) mode turns CUDA graphs off.</source>
        <translation>专家并行布局的 MoE all-to-all 后端（vLLM --all2all-backend，与注意力 DP 一起使用；SGLang --moe-a2a-backend deepep --deepep-mode）。DeepEP 需要 EP 覆盖全部 TP GPU。vLLM：其缓冲区计入 KV 预算，低延迟内核使用批量专家工作区，并从 v0.20 起默认每步 256 个 token。SGLang：共享专家在每个 GPU 上完整保存，normal（高吞吐）模式关闭 CUDA graph。</translation>
    </message>
    <message>
        <source>engine default, DeepEP low latency or DeepEP high throughput</source>
        <translation>引擎默认、DeepEP 低延迟或 DeepEP 高吞吐</translation>
    </message>
    <message>
        <source>engine default: vLLM&apos;s allgather-reducescatter (naive before v0.11), SGLang&apos;s all-reduce over TP.</source>
        <translation>引擎默认：vLLM 的 allgather-reducescatter（v0.11 之前为 naive），SGLang 在 TP 上的 all-reduce。</translation>
    </message>
    <message>
        <source>MoE all-to-all</source>
        <translation>MoE all-to-all</translation>
    </message>
    <message>
        <source>Change the MoE all-to-all backend to %1</source>
        <translation>将 MoE all-to-all 后端改为 %1</translation>
    </message>
    <message>
        <source>auto (0): where HostPlan chooses the layout it also tries DP = TP for an MoE model and keeps the cheaper; where you give TP, none. 1: none, every GPU of the replica splits every attention layer.</source>
        <translation>自动（0）：由 HostPlan 选择布局时，对 MoE 模型也尝试 DP = TP 并保留更便宜者；您指定 TP 时则不使用。1：不使用，副本中的每个 GPU 都切分每一层注意力。</translation>
    </message>
    <message>
        <source>SGLang --cuda-graph-max-bs (requests) / vLLM --max-cudagraph-capture-size (tokens): the largest CUDA graph</source>
        <translation>SGLang --cuda-graph-max-bs（请求数）/ vLLM --max-cudagraph-capture-size（token 数）：最大的 CUDA graph</translation>
    </message>
    <message>
        <source>The largest batch the engine captures as a CUDA graph at start-up. SGLang&apos;s default memory fraction reserves 2 MiB per request of it; vLLM captures one graph per size up to it.</source>
        <translation>引擎启动时捕获为 CUDA graph 的最大批大小。SGLang 的默认内存比例按其每个请求预留 2 MiB；vLLM 在此以内每个尺寸捕获一个 graph。</translation>
    </message>
    <message>
        <source>requests (SGLang) or tokens (vLLM)</source>
        <translation>请求数（SGLang）或 token 数（vLLM）</translation>
    </message>
    <message>
        <source>&quot;engine default&quot; (0): SGLang by GPU size and TP (128 with DeepEP low latency), vLLM twice max_num_seqs times (1 + draft tokens), at most 512. TensorRT-LLM plans ignore it.</source>
        <translation>“引擎默认”（0）：SGLang 按 GPU 大小和 TP（使用 DeepEP 低延迟时为 128），vLLM 为 max_num_seqs 乘以（1 + 草稿 token 数）的两倍，最多 512。TensorRT-LLM 计划忽略此项。</translation>
    </message>
    <message>
        <source>C&amp;UDA-graph batch</source>
        <translation>CUDA graph 批大小(&amp;U)</translation>
    </message>
    <message>
        <source>Change the CUDA-graph batch to %1</source>
        <translation>将 CUDA graph 批大小改为 %1</translation>
    </message>
    <message>
        <source>a vLLM release HostPlan models: 0.28, 0.24, 0.22, 0.21, 0.20, 0.19, 0.11, 0.8, 0.7-v1 (v0.7 with VLLM_USE_V1=1), 0.6.5 (also v0.7&apos;s default V0) or 0.6.4 (V0); from 0.21 vLLM takes its CUDA-graph memory estimate out of the KV cache budget</source>
        <translation>HostPlan 建模的 vLLM 版本：0.28、0.24、0.22、0.21、0.20、0.19、0.11、0.8、0.7-v1（v0.7 且 VLLM_USE_V1=1）、0.6.5（也是 v0.7 默认的 V0）或 0.6.4（V0）；从 0.21 起 vLLM 将其 CUDA graph 内存估计从 KV 缓存预算中扣除</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HelpActions</name>
    <message>
        <source>HostPlan &amp;Manual</source>
        <translation>HostPlan 手册(&amp;M)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::HelpWindow</name>
    <message>
        <source>HostPlan Manual</source>
        <translation>HostPlan 手册</translation>
    </message>
    <message>
        <source>&amp;Back</source>
        <translation>后退(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Forward</source>
        <translation>前进(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Contents</source>
        <translation>目录(&amp;C)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::InputPanel</name>
    <message>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::KvChart</name>
    <message>
        <source>KV cache: no plan (%1)</source>
        <translation>KV 缓存：无方案（%1）</translation>
    </message>
    <message>
        <source>KV cache and concurrency vs context (%1 x %2, TP %3)</source>
        <translation>KV 缓存与并发随上下文的变化（%1 x %2，TP %3）</translation>
    </message>
    <message>
        <source>KV per sequence (left)</source>
        <translation>每序列 KV（左轴）</translation>
    </message>
    <message>
        <source>Max sequences (right)</source>
        <translation>最大序列数（右轴）</translation>
    </message>
    <message>
        <source>Context length in tokens (K = 1,024, M = 1,024 K; log scale)</source>
        <translation>上下文长度（tokens）（K = 1,024，M = 1,024 K；对数刻度）</translation>
    </message>
    <message>
        <source>GB per sequence per GPU (log)</source>
        <translation>每 GPU 每序列 GB（对数）</translation>
    </message>
    <message>
        <source>Sequences at once (log)</source>
        <translation>同时序列数（对数）</translation>
    </message>
    <message>
        <source>Scenario: %1 tokens x %2</source>
        <translation>场景：%1 tokens x %2</translation>
    </message>
    <message>
        <source>Context %1 tokens
KV cache + state: %2 per sequence per GPU
At most %3 at once</source>
        <translation>上下文 %1 tokens
KV 缓存 + 状态：每 GPU 每序列 %2
最多同时 %3</translation>
    </message>
    <message>
        <source>No room for KV cache: weights, activations and runtime fill the budget</source>
        <translation>没有 KV 缓存空间：权重、激活值和运行时已占满预算</translation>
    </message>
    <message>
        <source>Scenario: %1 tokens x %2 per replica (%3 replicas)</source>
        <translation>场景：%1 个 token x 每个副本 %2（%3 个副本）</translation>
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
        <translation>摘要</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>每 GPU</translation>
    </message>
    <message>
        <source>Whole deployment</source>
        <translation>整个部署</translation>
    </message>
    <message>
        <source>Show memory:</source>
        <translation>显示显存：</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>GPU types</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Break-even</source>
        <translation>盈亏平衡</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Fits or not and why, memory per GPU, cost and break-even</source>
        <translation>能否放下及原因、每 GPU 显存、成本与盈亏平衡</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision, with capacity lines</source>
        <translation>按权重精度显示每 GPU 显存，带容量线</translation>
    </message>
    <message>
        <source>GPUs needed for this workload on every catalogue GPU type</source>
        <translation>目录中每种 GPU 型号承载此负载所需的 GPU 数</translation>
    </message>
    <message>
        <source>KV cache per sequence and maximum concurrency vs context</source>
        <translation>每序列 KV 缓存与最大并发随上下文的变化</translation>
    </message>
    <message>
        <source>Monthly cost vs monthly tokens: API against self-hosting</source>
        <translation>月成本与月 tokens：API 对比自托管</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>定价</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探测</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open...</source>
        <translation>打开(&amp;O)...</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As...</source>
        <translation>另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Import &amp;Model...</source>
        <translation>导入模型(&amp;M)...</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <source>Hugging Face model files (config.json *.index.json);;JSON (*.json)</source>
        <translation>Hugging Face 模型文件 (config.json *.index.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>比较(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Pin Current Scenario</source>
        <translation>固定当前场景(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About HostPlan</source>
        <translation>关于 HostPlan(&amp;A)</translation>
    </message>
    <message>
        <source>About HostPlan</source>
        <translation>关于 HostPlan</translation>
    </message>
    <message>
        <source>&lt;b&gt;HostPlan&lt;/b&gt; %1&lt;p&gt;Plans self-hosting of large language models: memory, GPUs, cost and break-even against an API. Every figure comes from the sizing core, with sources and dates in the catalogues.&lt;/p&gt;</source>
        <translation>&lt;b&gt;HostPlan&lt;/b&gt; %1&lt;p&gt;为大语言模型的自托管做规划：显存、GPU、成本以及与 API 的盈亏平衡。每个数字都来自规模计算核心，目录中注明了来源和日期。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>The language changes when HostPlan is started again.</source>
        <translation>重新启动 HostPlan 后语言才会更改。</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>未命名场景</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
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
        <translation>无 API 价格</translation>
    </message>
    <message>
        <source>%1 on %2 x %3 | %4/month | %5</source>
        <translation>%2 x %3 上%1 | %4/月 | %5</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>No plan</source>
        <translation>无方案</translation>
    </message>
    <message>
        <source>Open failed</source>
        <translation>打开失败</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Save failed</source>
        <translation>保存失败</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>HostPlan scenario (*.json)</source>
        <translation>HostPlan 场景 (*.json)</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has unsaved changes. Save them?</source>
        <translation>“%1”有未保存的更改。是否保存？</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清除列表</translation>
    </message>
    <message>
        <source>Restore unsaved changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <source>Deploy</source>
        <translation>部署</translation>
    </message>
    <message>
        <source>This card</source>
        <translation>本显卡</translation>
    </message>
    <message>
        <source>Serving commands for this plan, every flag explained</source>
        <translation>此方案的推理服务命令，逐项解释每个参数</translation>
    </message>
    <message>
        <source>Which models run on one card with llama.cpp, at what context</source>
        <translation>哪些模型能用 llama.cpp 在单张显卡上运行，以及可用的上下文</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感性</translation>
    </message>
    <message>
        <source>How sure the decision is: ranges, inputs ranked, layouts&apos; latency</source>
        <translation>决策的把握程度：区间、输入排序、各布局的延迟</translation>
    </message>
    <message>
        <source>Clear Pins</source>
        <translation>清除固定</translation>
    </message>
    <message>
        <source>Import from Hugging Face &amp;Hub...</source>
        <translation>从 Hugging Face Hub 导入(&amp;H)...</translation>
    </message>
    <message>
        <source>Open of %1 cancelled</source>
        <translation>已取消打开 %1</translation>
    </message>
    <message>
        <source>Cannot open %1 while a model import runs</source>
        <translation>模型导入进行中，无法打开 %1</translation>
    </message>
    <message>
        <source>the fetch from the Hugging Face Hub was cancelled; import the model again to fetch it</source>
        <translation>已取消从 Hugging Face Hub 获取；请重新导入该模型以获取它</translation>
    </message>
    <message>
        <source>Starts short (%1 of %2 sequences)</source>
        <translation>可启动但不足（%2 个序列中的 %1 个）</translation>
    </message>
    <message>
        <source> | %1 copies carry the workload: %2/month</source>
        <translation> | %1 个副本承载负载：%2/月</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::MemoryChart</name>
    <message>
        <source>Memory: no plan (%1)</source>
        <translation>显存：无方案（%1）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Runtime</source>
        <translation>运行时</translation>
    </message>
    <message>
        <source>%1 with %2 weights: %3 %4
All components: %5 %4</source>
        <translation>%1，%2 权重：%3 %4
所有组成部分：%5 %4</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>每 GPU</translation>
    </message>
    <message>
        <source>in total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Weight format (quantizable groups)</source>
        <translation>权重格式（可量化的组）</translation>
    </message>
    <message>
        <source>GB per GPU (decimal)</source>
        <translation>每 GPU GB（十进制）</translation>
    </message>
    <message>
        <source>GB in total (decimal)</source>
        <translation>总 GB（十进制）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Usable per GPU
%1 (%2 GiB)</source>
        <translation>每 GPU 可用
%1（%2 GiB）</translation>
    </message>
    <message>
        <source>Engine budget
%1</source>
        <translation>引擎预算
%1</translation>
    </message>
    <message>
        <source>One node (%1)
%2</source>
        <translation>单个节点（%1）
%2</translation>
    </message>
    <message>
        <source>All %1
%2</source>
        <translation>全部 %1
%2</translation>
    </message>
    <message>
        <source>One GPU
%1 (%2 GiB)</source>
        <translation>单个 GPU
%1（%2 GiB）</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision (%1)</source>
        <translation>按权重精度划分的每 GPU 内存（%1）</translation>
    </message>
    <message>
        <source>Memory of the whole deployment by weight precision (%1)</source>
        <translation>按权重精度划分的整个部署内存（%1）</translation>
    </message>
    <message>
        <source>%1 replicas of %2 x %3, TP %4, EP %5, PP %6</source>
        <translation>%1 个副本，每个 %2 x %3，TP %4，EP %5，PP %6</translation>
    </message>
    <message>
        <source>%1 x %2, TP %3, EP %4, PP %5</source>
        <translation>%1 x %2，TP %3，EP %4，PP %5</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ModelPanel</name>
    <message>
        <source>Embedding</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM head</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Dense MLP</source>
        <translation>稠密 MLP</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>Routed experts</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <source>Router / other MoE</source>
        <translation>路由器 / 其他 MoE</translation>
    </message>
    <message>
        <source>Norms and biases</source>
        <translation>归一化与偏置</translation>
    </message>
    <message>
        <source>Vision tower</source>
        <translation>视觉塔</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Catalogue model (real Hugging Face config.json files). Type part of the name to search.</source>
        <translation>目录中的模型（真实的 Hugging Face config.json 文件）。输入部分名称即可搜索。</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>Import file...</source>
        <translation>导入文件...</translation>
    </message>
    <message>
        <source>Import a Hugging Face config.json or model.safetensors.index.json (you can also drop files or folders on the window)</source>
        <translation>导入 Hugging Face config.json 或 model.safetensors.index.json（也可以将文件或文件夹拖放到窗口上）</translation>
    </message>
    <message>
        <source>Import folder...</source>
        <translation>导入文件夹...</translation>
    </message>
    <message>
        <source>Import a model folder holding config.json and, if present, model.safetensors.index.json</source>
        <translation>导入包含 config.json 以及（如有）model.safetensors.index.json 的模型文件夹</translation>
    </message>
    <message>
        <source>As shipped</source>
        <translation>原始格式</translation>
    </message>
    <message>
        <source>Re-quantize every quantizable group (attention, MLPs, experts, LM head); embeddings, norms and routers keep their format</source>
        <translation>重新量化所有可量化的组（注意力、MLP、专家、LM head）；嵌入、归一化和路由器保持原格式</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>权重(&amp;W)</translation>
    </message>
    <message>
        <source>Per-group weight formats</source>
        <translation>各组权重格式</translation>
    </message>
    <message>
        <source>Element format of the attention KV cache (vLLM --kv-cache-dtype)</source>
        <translation>注意力 KV 缓存的元素格式（vLLM --kv-cache-dtype）</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>KV 缓存(&amp;K)</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>循环状态</translation>
    </message>
    <message>
        <source>Change model to %1</source>
        <translation>将模型改为 %1</translation>
    </message>
    <message>
        <source>Change weight format to %1</source>
        <translation>将权重格式改为 %1</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>将 %1 改为 %2</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV 缓存格式</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Change %1 format to %2</source>
        <translation>将 %1 格式改为 %2</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>%1 (imported)</source>
        <translation>%1（已导入）</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>%1 B parameters, %2 B active per token; weights %3</source>
        <translation>%1 B 参数，每 token 激活 %2 B；权重 %3</translation>
    </message>
    <message>
        <source>Source: %1 (as of %2)</source>
        <translation>来源：%1（截至 %2）</translation>
    </message>
    <message>
        <source>%1 could not be imported: %2</source>
        <translation>%1 无法导入：%2</translation>
    </message>
    <message>
        <source>Import model %1</source>
        <translation>导入模型 %1</translation>
    </message>
    <message>
        <source>Import model</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <source>Hugging Face model files (config.json *.index.json);;JSON (*.json)</source>
        <translation>Hugging Face 模型文件 (config.json *.index.json);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Import model folder</source>
        <translation>导入模型文件夹</translation>
    </message>
    <message>
        <source>The model to plan for, from the catalogue in resources/models/ (real Hugging Face config.json files, and model cards where no config is published). Type part of the name to search; Import file / Import folder add your own.</source>
        <translation>要规划的模型，来自 resources/models/ 中的目录（真实的 Hugging Face config.json 文件；未发布配置时使用模型卡）。输入部分名称即可搜索；“导入文件”/“导入文件夹”可添加您自己的模型。</translation>
    </message>
    <message>
        <source>Kimi K3, from the default scenario (resources/default-scenario.json).</source>
        <translation>Kimi K3，来自默认场景（resources/default-scenario.json）。</translation>
    </message>
    <message>
        <source>Reads a Hugging Face config.json (parameter counts by architecture) or a model.safetensors.index.json (exact bytes per tensor) as the scenario&apos;s model; undoable.</source>
        <translation>读取 Hugging Face config.json（按架构计算参数量）或 model.safetensors.index.json（每个张量的精确字节数）作为场景的模型；可撤销。</translation>
    </message>
    <message>
        <source>Reads a model folder: its config.json, refined by model.safetensors.index.json or the *.safetensors headers when present; undoable.</source>
        <translation>读取模型文件夹：其 config.json，如有 model.safetensors.index.json 或 *.safetensors 文件头则据此细化；可撤销。</translation>
    </message>
    <message>
        <source>Re-quantizes every quantizable tensor group (attention, MLPs, experts, LM head) to one number format; embeddings, norms and routers keep theirs.</source>
        <translation>将所有可量化的张量组（注意力、MLP、专家、LM head）重新量化为同一数值格式；嵌入、归一化和路由器保持各自的格式。</translation>
    </message>
    <message>
        <source>bits per weight as the format defines them, scales included (BF16 16, FP8 8, MXFP4 4.25 with one E8M0 scale per 32, NVFP4 4.5 with one E4M3 scale per 16)</source>
        <translation>按格式定义的每权重位数，含缩放因子（BF16 16，FP8 8，MXFP4 4.25，每 32 个一个 E8M0 缩放因子，NVFP4 4.5，每 16 个一个 E4M3 缩放因子）</translation>
    </message>
    <message>
        <source>As shipped: the formats of the model&apos;s own files (config.json quantization_config, safetensors dtypes).</source>
        <translation>原始格式：模型自身文件的格式（config.json quantization_config、safetensors dtypes）。</translation>
    </message>
    <message>
        <source>Element format of the attention KV cache (vLLM --kv-cache-dtype).</source>
        <translation>注意力 KV 缓存的元素格式（vLLM --kv-cache-dtype）。</translation>
    </message>
    <message>
        <source>bytes per element (BF16 and FP16 2, FP8 1)</source>
        <translation>每元素字节数（BF16 和 FP16 为 2，FP8 为 1）</translation>
    </message>
    <message>
        <source>BF16, from the default scenario (the model&apos;s own dtype, as vLLM&apos;s &quot;auto&quot;).</source>
        <translation>BF16，来自默认场景（模型自身的 dtype，同 vLLM 的 &quot;auto&quot;）。</translation>
    </message>
    <message>
        <source>bytes per element (FP32 4, BF16 and FP16 2)</source>
        <translation>每元素字节数（FP32 为 4，BF16 和 FP16 为 2）</translation>
    </message>
    <message>
        <source>Number format of this tensor group only (%1), overriding the Weights choice.</source>
        <translation>仅此张量组（%1）的数值格式，覆盖“权重”中的选择。</translation>
    </message>
    <message>
        <source>bits per weight as the format defines them, scales included</source>
        <translation>按格式定义的每权重位数，含缩放因子</translation>
    </message>
    <message>
        <source>&quot;Default&quot;: the Weights choice above, or the format the model ships with.</source>
        <translation>“默认”：上方“权重”中的选择，或模型自带的格式。</translation>
    </message>
    <message>
        <source>Reading the model files...</source>
        <translation>正在读取模型文件...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Import cancelled</source>
        <translation>导入已取消</translation>
    </message>
    <message>
        <source>Reading %1 from the Hugging Face cache or the Hub...</source>
        <translation>正在从 Hugging Face 缓存或 Hub 读取 %1...</translation>
    </message>
    <message>
        <source>Import from Hugging Face Hub</source>
        <translation>从 Hugging Face Hub 导入</translation>
    </message>
    <message>
        <source>Hub id (org/name or org/name@revision), read from the local Hugging Face cache or else fetched from the Hub (config and safetensors headers only):</source>
        <translation>Hub ID（org/name 或 org/name@revision），从本地 Hugging Face 缓存读取，否则从 Hub 获取（仅 config 和 safetensors 文件头）：</translation>
    </message>
    <message>
        <source>Engine default</source>
        <translation>引擎默认值</translation>
    </message>
    <message>
        <source>Format of the recurrent state (models with KDA, Gated DeltaNet or Mamba layers)</source>
        <translation>循环状态的格式（含 KDA、Gated DeltaNet 或 Mamba 层的模型）</translation>
    </message>
    <message>
        <source>Format of the fixed-size recurrent state that linear-attention and Mamba layers (KDA, Gated DeltaNet, Mamba) keep per sequence; other models ignore it.</source>
        <translation>线性注意力层和 Mamba 层（KDA、Gated DeltaNet、Mamba）为每个序列保存的固定大小循环状态的格式；其他模型忽略此项。</translation>
    </message>
    <message>
        <source>Engine default: what the plan&apos;s engine keeps for this model when started without a state-dtype flag (vLLM: the model&apos;s dtype, FP32 for KDA and where the config names it; SGLang: FP32 unless the config names another).</source>
        <translation>引擎默认值：计划所用引擎在未指定状态数据类型参数启动时为此模型保存的格式（vLLM：模型的 dtype，KDA 以及配置中指定时为 FP32；SGLang：FP32，除非配置指定其他格式）。</translation>
    </message>
    <message>
        <source>Change state format to %1</source>
        <translation>将状态格式改为 %1</translation>
    </message>
    <message>
        <source>Engine default (%1)</source>
        <translation>引擎默认值（%1）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::OffersDialog</name>
    <message>
        <source>Rental offers</source>
        <translation>租用报价</translation>
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
        <translation>供应商</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs / instance</source>
        <translation>GPU / 实例</translation>
    </message>
    <message>
        <source>$ / GPU-hour (on demand)</source>
        <translation>$ / GPU 小时（按需）</translation>
    </message>
    <message>
        <source>In the search</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <source>Interconnect</source>
        <translation>互连</translation>
    </message>
    <message>
        <source>Clustered</source>
        <translation>可集群</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>截至</translation>
    </message>
    <message>
        <source>Instances can be clustered into one deployment over a fabric (TP / EP / PP across instances)</source>
        <translation>实例可通过互连网络组成一个部署（TP / EP / PP 跨实例）</translation>
    </message>
    <message>
        <source>What the layout search made of the offer for this plan</source>
        <translation>布局搜索对此方案下该租用报价的评估结果</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your offers&lt;/b&gt; (saved in the scenario as pricing.offers; double-click a cell to edit it, each change can be undone)</source>
        <translation>&lt;b&gt;您的租用报价&lt;/b&gt;（保存在场景的 pricing.offers 中；双击单元格可编辑，每次更改均可撤销）</translation>
    </message>
    <message>
        <source>&amp;Add offer</source>
        <translation>添加租用报价(&amp;A)</translation>
    </message>
    <message>
        <source>Add an offer for this GPU type; enter its shape and price</source>
        <translation>为此 GPU 型号添加租用报价；输入其实例规格和价格</translation>
    </message>
    <message>
        <source>&amp;Remove offer</source>
        <translation>删除租用报价(&amp;R)</translation>
    </message>
    <message>
        <source>Remove the selected offer of yours</source>
        <translation>删除您所选的租用报价</translation>
    </message>
    <message>
        <source>&amp;Import offers...</source>
        <translation>导入租用报价(&amp;I)...</translation>
    </message>
    <message>
        <source>Add the offers of a JSON offers file (the schema of offers.json, as hostplan-cli plan --offers reads)</source>
        <translation>添加 JSON 租用报价文件中的租用报价（格式同 offers.json，即 hostplan-cli plan --offers 读取的格式）</translation>
    </message>
    <message>
        <source>Import rental offers</source>
        <translation>导入租用报价</translation>
    </message>
    <message>
        <source>Offers (*.json);;All files (*)</source>
        <translation>租用报价 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>chosen: %1, %2 a month</source>
        <translation>已选：%1，每月 %2</translation>
    </message>
    <message>
        <source>near tie: %1, %2 a month</source>
        <translation>接近：%1，每月 %2</translation>
    </message>
    <message>
        <source>dearer: %1, %2 a month</source>
        <translation>更贵：%1，每月 %2</translation>
    </message>
    <message>
        <source>too little memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>too slow</source>
        <translation>太慢</translation>
    </message>
    <message>
        <source>no layout the engines run</source>
        <translation>没有引擎可运行的布局</translation>
    </message>
    <message>
        <source>not ranked: GPUs per instance unknown</source>
        <translation>未排名：每实例 GPU 数未知</translation>
    </message>
    <message>
        <source>not ranked: price unknown</source>
        <translation>未排名：价格未知</translation>
    </message>
    <message>
        <source>not searched (another GPU type)</source>
        <translation>未搜索（其他 GPU 型号）</translation>
    </message>
    <message>
        <source>Entered by you: the catalogue has none</source>
        <translation>由您输入：目录中没有</translation>
    </message>
    <message>
        <source>Overrides the catalogue offer of this id</source>
        <translation>覆盖目录中同 ID 的租用报价</translation>
    </message>
    <message>
        <source>unknown — enter</source>
        <translation>未知 — 请输入</translation>
    </message>
    <message>
        <source>reserved: %1</source>
        <translation>预留：%1</translation>
    </message>
    <message>
        <source>No on-demand price; reserved (%1) at %2 per GPU-hour</source>
        <translation>无按需价格；预留（%1）为每 GPU 小时 %2</translation>
    </message>
    <message>
        <source>price unknown — enter</source>
        <translation>价格未知 — 请输入</translation>
    </message>
    <message>
        <source>Between instances: %1</source>
        <translation>实例之间：%1</translation>
    </message>
    <message>
        <source>Change offer %1 to %2</source>
        <translation>将租用报价 %1 改为 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Catalogue offers for %1&lt;/b&gt; (read-only; where the catalogue has no price or no instance shape, enter yours: it becomes an offer of yours with the same id)</source>
        <translation>&lt;b&gt;%1 的目录租用报价&lt;/b&gt;（只读；目录缺少价格或实例规格时，请输入您的数据：它将成为您的同 ID 租用报价）</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>无方案：%1</translation>
    </message>
    <message>
        <source>Cheapest offer that carries the workload: &lt;b&gt;%1&lt;/b&gt; (%2), %3 at %4 per GPU-hour (%5): &lt;b&gt;%6 a month&lt;/b&gt;.</source>
        <translation>能承载该负载的最便宜租用报价：&lt;b&gt;%1&lt;/b&gt;（%2），%3，每 GPU 小时 %4（%5）：&lt;b&gt;每月 %6&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>No offer carries the workload: %1</source>
        <translation>没有租用报价能承载该负载：%1</translation>
    </message>
    <message>
        <source>GPUs per instance: &apos;%1&apos; is not a whole number</source>
        <translation>每实例 GPU 数：“%1”不是整数</translation>
    </message>
    <message>
        <source>$ / GPU-hour: &apos;%1&apos; is not a number</source>
        <translation>$ / GPU 小时：“%1”不是数字</translation>
    </message>
    <message>
        <source>Change %1 of offer %2</source>
        <translation>更改租用报价 %2 的 %1</translation>
    </message>
    <message>
        <source>Remove your figures for offer %1</source>
        <translation>删除您为租用报价 %1 输入的数据</translation>
    </message>
    <message>
        <source>figures the catalogue lacks entered by the user</source>
        <translation>用户输入的目录所缺数据</translation>
    </message>
    <message>
        <source>Enter the price of offer %1: %2</source>
        <translation>输入租用报价 %1 的价格：%2</translation>
    </message>
    <message>
        <source>Enter the instance shape of offer %1: %2</source>
        <translation>输入租用报价 %1 的实例规格：%2</translation>
    </message>
    <message>
        <source>My provider</source>
        <translation>我的供应商</translation>
    </message>
    <message>
        <source>entered by the user</source>
        <translation>由用户输入</translation>
    </message>
    <message>
        <source>Add rental offer %1</source>
        <translation>添加租用报价 %1</translation>
    </message>
    <message>
        <source>Remove rental offer %1</source>
        <translation>删除租用报价 %1</translation>
    </message>
    <message>
        <source>Import rental offers %1</source>
        <translation>导入租用报价 %1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ParetoChart</name>
    <message>
        <source>TP %1 x EP %2 x PP %3 x DP %4 on %5
TTFT %6 ms, TPOT %7 ms (medians at the workload)
%8 tokens/s, %9 per 1M output tokens at capacity</source>
        <translation>TP %1 x EP %2 x PP %3 x DP %4，运行于 %5
TTFT %6 ms，TPOT %7 ms（该负载下的中位数）
%8 tokens/s，满负荷时每 1M 输出 tokens %9</translation>
    </message>
    <message>
        <source>Offer: %1</source>
        <translation>租用报价：%1</translation>
    </message>
    <message>
        <source>On the front</source>
        <translation>位于前沿</translation>
    </message>
    <message>
        <source>Beaten on latency and cost by a layout on the front</source>
        <translation>在延迟和成本上均被前沿上的某个布局超越</translation>
    </message>
    <message>
        <source>Your plan</source>
        <translation>您的方案</translation>
    </message>
    <message>
        <source>Layouts: no plan (%1)</source>
        <translation>布局：无方案（%1）</translation>
    </message>
    <message>
        <source>Layouts: no layout carries the workload</source>
        <translation>布局：没有能承载该负载的布局</translation>
    </message>
    <message>
        <source>Layouts at your workload</source>
        <translation>您的负载下的各布局</translation>
    </message>
    <message>
        <source>Beaten</source>
        <translation>被超越</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>前沿</translation>
    </message>
    <message>
        <source>Median TPOT (ms)</source>
        <translation>TPOT 中位数 (ms)</translation>
    </message>
    <message>
        <source>Median TTFT (ms)</source>
        <translation>TTFT 中位数 (ms)</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::PricingPanel</name>
    <message>
        <source> /GPU-h</source>
        <translation> /GPU 小时</translation>
    </message>
    <message>
        <source>Rental rate of one GPU for one hour, USD</source>
        <translation>一个 GPU 一小时的租金，美元</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Use the catalogue rate for this GPU type</source>
        <translation>使用该 GPU 型号的目录单价</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU 单价</translation>
    </message>
    <message>
        <source> h/month</source>
        <translation> 小时/月</translation>
    </message>
    <message>
        <source>Hours in a month: 730 = 365 x 24 / 12; 720 = a 30-day month</source>
        <translation>一个月的小时数：730 = 365 x 24 / 12；720 = 30 天的月份</translation>
    </message>
    <message>
        <source>Month</source>
        <translation>月</translation>
    </message>
    <message>
        <source>API whose prices the plan is compared against</source>
        <translation>方案用来比较价格的 API</translation>
    </message>
    <message>
        <source>Cheapest API for this model</source>
        <translation>此模型最便宜的 API</translation>
    </message>
    <message>
        <source>&amp;API</source>
        <translation>API(&amp;A)</translation>
    </message>
    <message>
        <source>Import price list...</source>
        <translation>导入价格表...</translation>
    </message>
    <message>
        <source>Add API prices from a JSON or CSV price list (the schema of prices.json); undoable</source>
        <translation>从 JSON 或 CSV 价格表添加 API 价格（格式同 prices.json）；可撤销</translation>
    </message>
    <message>
        <source> /1M input</source>
        <translation> /1M 输入</translation>
    </message>
    <message>
        <source>API price of 1M uncached input tokens, USD</source>
        <translation>每 1M 未缓存输入 tokens 的 API 价格，美元</translation>
    </message>
    <message>
        <source> /1M cached</source>
        <translation> /1M 缓存</translation>
    </message>
    <message>
        <source>API price of 1M cached input tokens, USD</source>
        <translation>每 1M 缓存输入 tokens 的 API 价格，美元</translation>
    </message>
    <message>
        <source> /1M output</source>
        <translation> /1M 输出</translation>
    </message>
    <message>
        <source>API price of 1M output tokens, USD</source>
        <translation>每 1M 输出 tokens 的 API 价格，美元</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>缓存输入</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Catalogue prices</source>
        <translation>目录价格</translation>
    </message>
    <message>
        <source>Use the catalogue prices of the chosen API</source>
        <translation>使用所选 API 的目录价格</translation>
    </message>
    <message>
        <source>Change GPU rate to %1</source>
        <translation>将 GPU 单价改为 %1</translation>
    </message>
    <message>
        <source>Use the catalogue GPU rate</source>
        <translation>使用目录中的 GPU 单价</translation>
    </message>
    <message>
        <source>Change hours per month to %1</source>
        <translation>将每月小时数改为 %1</translation>
    </message>
    <message>
        <source>Import price list</source>
        <translation>导入价格表</translation>
    </message>
    <message>
        <source>Price lists (*.json *.csv);;All files (*)</source>
        <translation>价格表 (*.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Compare against %1</source>
        <translation>与 %1 比较</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>将 %1 改为 %2</translation>
    </message>
    <message>
        <source>API input price</source>
        <translation>API 输入价格</translation>
    </message>
    <message>
        <source>API cached input price</source>
        <translation>API 缓存输入价格</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API 输出价格</translation>
    </message>
    <message>
        <source>Use the catalogue API prices</source>
        <translation>使用目录中的 API 价格</translation>
    </message>
    <message>
        <source>Import price list %1</source>
        <translation>导入价格表 %1</translation>
    </message>
    <message>
        <source>%1 (%2 a month)</source>
        <translation>%1（每月 %2）</translation>
    </message>
    <message>
        <source>%1 rate</source>
        <translation>%1 单价</translation>
    </message>
    <message>
        <source>Your rate. Catalogue: %1/GPU-hour</source>
        <translation>您的单价。目录：%1/GPU 小时</translation>
    </message>
    <message>
        <source>Catalogue rate</source>
        <translation>目录单价</translation>
    </message>
    <message>
        <source>source: %1, as of %2</source>
        <translation>来源：%1，截至 %2</translation>
    </message>
    <message>
        <source>Cheapest: %1</source>
        <translation>最便宜：%1</translation>
    </message>
    <message>
        <source>No catalogue API for this model: enter prices above.</source>
        <translation>此模型没有目录 API：请在上方输入价格。</translation>
    </message>
    <message>
        <source>Edited prices, based on %1</source>
        <translation>已编辑的价格，基于 %1</translation>
    </message>
    <message>
        <source>Catalogue prices of %1</source>
        <translation>%1 的目录价格</translation>
    </message>
    <message>
        <source> /1M input (= output, not entered)</source>
        <translation> /1M 输入（= 输出，未填写）</translation>
    </message>
    <message>
        <source> /1M cached (= input, not entered)</source>
        <translation> /1M 缓存（= 输入，未填写）</translation>
    </message>
    <message>
        <source> /1M output (= input, not entered)</source>
        <translation> /1M 输出（= 输入，未填写）</translation>
    </message>
    <message>
        <source>Rental rate of one GPU for one hour. Typing a rate prices every offer at it.</source>
        <translation>一个 GPU 一小时的租金。输入单价后，所有租用报价均按此单价计价。</translation>
    </message>
    <message>
        <source>USD per GPU-hour</source>
        <translation>美元/GPU 小时</translation>
    </message>
    <message>
        <source>the on-demand rate of the rental offer the layout search chose (resources/offers.json), else the GPU&apos;s rate in resources/prices.json; source and date are shown below. Catalogue rates are stated assumptions: use your provider&apos;s quote.</source>
        <translation>布局搜索所选租用报价的按需单价（resources/offers.json），否则为 resources/prices.json 中该 GPU 的单价；来源和日期显示在下方。目录单价是明示的假设：请使用您的供应商报价。</translation>
    </message>
    <message>
        <source>Drops your rate and uses the catalogue&apos;s again.</source>
        <translation>放弃您的单价，重新使用目录单价。</translation>
    </message>
    <message>
        <source>Rental offers...</source>
        <translation>租用报价...</translation>
    </message>
    <message>
        <source>The offers the layout search ranks for this GPU type; add your own or enter a price the catalogue lacks</source>
        <translation>布局搜索为此 GPU 型号排名的租用报价；可添加您自己的报价或填写目录缺少的价格</translation>
    </message>
    <message>
        <source>Hours in one month, for monthly rental and API figures.</source>
        <translation>一个月的小时数，用于月租金和 API 数据。</translation>
    </message>
    <message>
        <source>hours per month</source>
        <translation>每月小时数</translation>
    </message>
    <message>
        <source>730 = 365 x 24 / 12, the average month (720 is a 30-day month).</source>
        <translation>730 = 365 x 24 / 12，即平均月份（720 为 30 天的月份）。</translation>
    </message>
    <message>
        <source>The API whose prices the plan is compared against; the list holds the APIs in resources/prices.json (and imported price lists) that sell the plan&apos;s model.</source>
        <translation>方案用来比较价格的 API；列表包含 resources/prices.json（及导入的价格表）中提供该方案模型的 API。</translation>
    </message>
    <message>
        <source>the cheapest API for this model at your token mix, or the default scenario&apos;s choice.</source>
        <translation>按您的 tokens 构成计算此模型最便宜的 API，或默认场景的选择。</translation>
    </message>
    <message>
        <source>Adds API prices from a JSON file (the api schema of resources/prices.json) or a CSV file with the same column names, as one undoable edit.</source>
        <translation>从 JSON 文件（resources/prices.json 的 api 格式）或列名相同的 CSV 文件添加 API 价格，作为一次可撤销的编辑。</translation>
    </message>
    <message>
        <source>the chosen API&apos;s prices in resources/prices.json (source and as_of shown below).</source>
        <translation>所选 API 在 resources/prices.json 中的价格（source 和 as_of 显示在下方）。</translation>
    </message>
    <message>
        <source>API price of uncached input (prompt) tokens.</source>
        <translation>未缓存输入（提示）tokens 的 API 价格。</translation>
    </message>
    <message>
        <source>USD per 1M tokens</source>
        <translation>美元/1M tokens</translation>
    </message>
    <message>
        <source>API price of input tokens served from the provider&apos;s prompt cache.</source>
        <translation>由供应商提示缓存提供的输入 tokens 的 API 价格。</translation>
    </message>
    <message>
        <source>the chosen API&apos;s cached-input price in resources/prices.json, or its input price where the provider publishes no discount.</source>
        <translation>所选 API 在 resources/prices.json 中的缓存输入价格；供应商未公布折扣时为其输入价格。</translation>
    </message>
    <message>
        <source>API price of generated (output) tokens.</source>
        <translation>生成（输出）tokens 的 API 价格。</translation>
    </message>
    <message>
        <source>Drops your prices and uses the chosen API&apos;s catalogue prices.</source>
        <translation>放弃您的价格，使用所选 API 的目录价格。</translation>
    </message>
    <message>
        <source>Batch API prices</source>
        <translation>批处理 API 价格</translation>
    </message>
    <message>
        <source>An offline workload that can wait for the providers&apos; batch APIs: compare with their batch prices where published</source>
        <translation>可等待供应商批处理 API 的离线负载：与已公布的批处理价格比较</translation>
    </message>
    <message>
        <source>Use batch API prices</source>
        <translation>使用批处理 API 价格</translation>
    </message>
    <message>
        <source>Use standard API prices</source>
        <translation>使用标准 API 价格</translation>
    </message>
    <message>
        <source>Tier: prompts above %1 tokens (%2 per request here)</source>
        <translation>档位：提示超过 %1 tokens（此处每请求 %2）</translation>
    </message>
    <message>
        <source>Tier: base prices (%1 prompt tokens per request)</source>
        <translation>档位：基础价格（每请求 %1 提示 tokens）</translation>
    </message>
    <message>
        <source>batch price, %1% off</source>
        <translation>批处理价格，优惠 %1%</translation>
    </message>
    <message>
        <source>no batch price published: standard prices</source>
        <translation>未公布批处理价格：使用标准价格</translation>
    </message>
    <message>
        <source>Opens the rental offers editor: the catalogue&apos;s offers for this GPU type with the layout search&apos;s verdict on each, and your own offers (add, edit, import, remove; each change undoable and saved in the scenario).</source>
        <translation>打开租用报价编辑器：目录中此 GPU 类型的租用报价及布局搜索对每个报价的结论，以及您自己的报价（添加、编辑、导入、删除；每次更改均可撤销并保存在场景中）。</translation>
    </message>
    <message>
        <source>Compare with the providers&apos; published batch prices (often 50% off) instead of their standard prices, for offline workloads that can wait. Default: off.</source>
        <translation>与提供商公布的批处理价格（通常五折）而非标准价格比较，适用于可以等待的离线负载。默认：关闭。</translation>
    </message>
    <message>
        <source>Rate of the chosen offer %1 (%2, %3); the %4 catalogue rate is %5/GPU-hour</source>
        <translation>所选租用报价 %1 的单价（%2，%3）；%4 的目录单价为 %5/GPU 小时</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ProbePanel</name>
    <message>
        <source>OK</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>no GPU found</source>
        <translation>未找到 GPU</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>Probe remote host</source>
        <translation>探测远程主机</translation>
    </message>
    <message>
        <source>user@host or an alias from ~/.ssh/config</source>
        <translation>user@host 或 ~/.ssh/config 中的别名</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>optional: ssh agent or config by default</source>
        <translation>可选：默认使用 ssh agent 或配置</translation>
    </message>
    <message>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <source>Identity file:</source>
        <translation>身份文件：</translation>
    </message>
    <message>
        <source>Probe on the host:</source>
        <translation>主机上的探测程序：</translation>
    </message>
    <message>
        <source>HostPlan runs your own ssh client with your ssh config and keys, without password prompts (BatchMode). It stores no passwords.</source>
        <translation>HostPlan 使用您自己的 ssh 客户端以及您的 ssh 配置和密钥运行，不会提示输入密码（BatchMode）。它不保存任何密码。</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>探测</translation>
    </message>
    <message>
        <source>Identity file</source>
        <translation>身份文件</translation>
    </message>
    <message>
        <source>Probe this machine</source>
        <translation>探测本机</translation>
    </message>
    <message>
        <source>Import report...</source>
        <translation>导入报告...</translation>
    </message>
    <message>
        <source>Probe remote host...</source>
        <translation>探测远程主机...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>No probe report yet.</source>
        <translation>尚无探测报告。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Planned / GPU</source>
        <translation>计划 / GPU</translation>
    </message>
    <message>
        <source>Free (measured)</source>
        <translation>空闲（实测）</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Fit (current plan)</source>
        <translation>能否放下（当前方案）</translation>
    </message>
    <message>
        <source>Copy bandwidth (measured)</source>
        <translation>复制带宽（实测）</translation>
    </message>
    <message>
        <source>HBM bandwidth (catalogue)</source>
        <translation>HBM 带宽（目录）</translation>
    </message>
    <message>
        <source>Measured / catalogue</source>
        <translation>实测 / 目录</translation>
    </message>
    <message>
        <source>hostplan-probe was not found next to HostPlan or on PATH.</source>
        <translation>在 HostPlan 旁边或 PATH 中找不到 hostplan-probe。</translation>
    </message>
    <message>
        <source>Import probe report</source>
        <translation>导入探测报告</translation>
    </message>
    <message>
        <source>Probe reports (*.json);;All files (*)</source>
        <translation>探测报告 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not import the report: %1</source>
        <translation>无法导入报告：%1</translation>
    </message>
    <message>
        <source>Report from %1, %2. Probe result for the plan it was run with (%3 per GPU): %4.</source>
        <translation>来自 %1 的报告，%2。针对运行时所用方案（每 GPU %3）的探测结果：%4。</translation>
    </message>
    <message>
        <source>Report from %1, %2. Probe result: %3.</source>
        <translation>来自 %1 的报告，%2。探测结果：%3。</translation>
    </message>
    <message>
        <source>Verdicts for the current plan: %1 per GPU on %2 x %3.</source>
        <translation>当前方案的结论：在 %2 x %3 上每 GPU %1。</translation>
    </message>
    <message>
        <source>No current plan: verdicts for the plan the report was run with: %1 per GPU on %2 x %3.</source>
        <translation>无当前方案：报告运行时所用方案的结论：在 %2 x %3 上每 GPU %1。</translation>
    </message>
    <message>
        <source>No plan to compare with.</source>
        <translation>没有可比较的方案。</translation>
    </message>
    <message>
        <source>Fit (report&apos;s plan)</source>
        <translation>能否放下（报告的方案）</translation>
    </message>
    <message>
        <source>%1 found on %2.</source>
        <translation>在 %2 上发现 %1。</translation>
    </message>
    <message>
        <source>The plan needs %1; the verdicts are per GPU.</source>
        <translation>方案需要 %1；结论按每 GPU 给出。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Fits (verified)</source>
        <translation>放得下（已验证）</translation>
    </message>
    <message>
        <source>Fits (free memory)</source>
        <translation>放得下（空闲显存）</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>-</source>
        <translation>-</translation>
    </message>
    <message>
        <source>Choose the identity file, from ~/.ssh by default.</source>
        <translation>选择身份文件，默认从 ~/.ssh 中选择。</translation>
    </message>
    <message>
        <source>The machine to probe over ssh: user@host, or a Host alias from your ~/.ssh/config.</source>
        <translation>通过 ssh 探测的机器：user@host，或您 ~/.ssh/config 中的 Host 别名。</translation>
    </message>
    <message>
        <source>the host of the last remote probe (empty the first time).</source>
        <translation>上次远程探测的主机（首次为空）。</translation>
    </message>
    <message>
        <source>The ssh port on the remote host.</source>
        <translation>远程主机上的 ssh 端口。</translation>
    </message>
    <message>
        <source>TCP port number</source>
        <translation>TCP 端口号</translation>
    </message>
    <message>
        <source>&quot;default&quot; (0): ssh&apos;s own choice, port 22 or the Port in your ~/.ssh/config.</source>
        <translation>“默认” (0)：由 ssh 自行选择，即端口 22 或您 ~/.ssh/config 中的 Port。</translation>
    </message>
    <message>
        <source>The private key ssh logs in with (ssh -i).</source>
        <translation>ssh 登录所用的私钥（ssh -i）。</translation>
    </message>
    <message>
        <source>empty: your ssh agent and ~/.ssh/config choose the key.</source>
        <translation>留空：由您的 ssh agent 和 ~/.ssh/config 选择密钥。</translation>
    </message>
    <message>
        <source>The hostplan-probe command on the remote host, with its path if it is not on the PATH there.</source>
        <translation>远程主机上的 hostplan-probe 命令；若不在该主机的 PATH 中，请带上路径。</translation>
    </message>
    <message>
        <source>hostplan-probe (found on the remote PATH).</source>
        <translation>hostplan-probe（在远程 PATH 中查找）。</translation>
    </message>
    <message>
        <source>Runs hostplan-probe on this computer: lists the GPUs, checks that the current plan&apos;s bytes per GPU can be allocated, and times copy bandwidth and the MXFP4 kernels. Without a GPU it says so and changes nothing.</source>
        <translation>在本机上运行 hostplan-probe：列出 GPU，检查能否分配当前方案每 GPU 所需的字节数，并测量复制带宽和 MXFP4 内核的耗时。没有 GPU 时会如实报告，不做任何更改。</translation>
    </message>
    <message>
        <source>Runs hostplan-probe on a rented node over your own ssh (BatchMode, your keys and config; no passwords are stored) and reads back its JSON report.</source>
        <translation>通过您自己的 ssh（BatchMode，使用您的密钥和配置；不存储密码）在租用节点上运行 hostplan-probe，并读回其 JSON 报告。</translation>
    </message>
    <message>
        <source>Reads a JSON report written by hostplan-probe all -o report.json on another machine (probe/probereport.h, schema_version 1).</source>
        <translation>读取在另一台机器上由 hostplan-probe all -o report.json 写出的 JSON 报告（probe/probereport.h，schema_version 1）。</translation>
    </message>
    <message>
        <source>Stops the running probe; the probe frees every allocation.</source>
        <translation>停止正在运行的探测；探测程序会释放所有分配。</translation>
    </message>
    <message>
        <source>One row per GPU found: the plan&apos;s bytes per GPU against the free memory the probe measured, whether the plan fits, and the measured copy bandwidth against the catalogue&apos;s HBM figure (resources/gpus.json).</source>
        <translation>每个发现的 GPU 一行：方案每 GPU 字节数与探测实测的空闲显存对比、方案能否放下，以及实测复制带宽与目录 HBM 数据（resources/gpus.json）的对比。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ProbeRemote</name>
    <message>
        <source>No host given.</source>
        <translation>未指定主机。</translation>
    </message>
    <message>
        <source>A host name cannot start with &apos;-&apos;.</source>
        <translation>主机名不能以“-”开头。</translation>
    </message>
    <message>
        <source>A host name cannot contain spaces or control characters.</source>
        <translation>主机名不能包含空格或控制字符。</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>A probe is already running.</source>
        <translation>已有探测正在运行。</translation>
    </message>
    <message>
        <source>Starting the probe on this machine</source>
        <translation>正在本机上启动探测</translation>
    </message>
    <message>
        <source>Connecting to %1</source>
        <translation>正在连接 %1</translation>
    </message>
    <message>
        <source>Could not start the probe %1: %2. Build hostplan-probe or set its path.</source>
        <translation>无法启动探测程序 %1：%2。请构建 hostplan-probe 或设置其路径。</translation>
    </message>
    <message>
        <source>Could not start the ssh client %1: %2. Install OpenSSH.</source>
        <translation>无法启动 ssh 客户端 %1：%2。请安装 OpenSSH。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The ssh client for %1 ended abnormally. %2</source>
        <translation>%1 的 ssh 客户端异常结束。%2</translation>
    </message>
    <message>
        <source>The probe crashed. %1</source>
        <translation>探测程序崩溃。%1</translation>
    </message>
    <message>
        <source>Could not reach %1: %2</source>
        <translation>无法连接 %1：%2</translation>
    </message>
    <message>
        <source>ssh failed</source>
        <translation>ssh 失败</translation>
    </message>
    <message>
        <source>hostplan-probe was not found on %1 (%2). Install it there or give its path.</source>
        <translation>在 %1 上找不到 hostplan-probe（%2）。请在该主机上安装或指定其路径。</translation>
    </message>
    <message>
        <source>The probe on %1 exited with code %2 without a report. %3</source>
        <translation>%1 上的探测程序以代码 %2 退出，未生成报告。%3</translation>
    </message>
    <message>
        <source>%1 answered, but not with a probe report: %2</source>
        <translation>%1 有响应，但返回的不是探测报告：%2</translation>
    </message>
    <message>
        <source>Report received from %1</source>
        <translation>已收到来自 %1 的报告</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Rate</name>
    <message>
        <source>Cost at your rate of %1 per GPU-hour (every offer is ranked at it too).</source>
        <translation>按您的单价每 GPU 小时 %1 计算的成本（所有租用报价也按此单价排名）。</translation>
    </message>
    <message>
        <source>Cost at the chosen offer&apos;s own rate: %1 per GPU-hour, %2 (%3 %4).</source>
        <translation>按所选租用报价自身单价计算的成本：每 GPU 小时 %1，%2（%3 %4）。</translation>
    </message>
    <message>
        <source>Cost at the %1 catalogue rate of %2 per GPU-hour, as the GPU count or layout is yours.</source>
        <translation>按 %1 的目录单价每 GPU 小时 %2 计算的成本，因为 GPU 数量或布局由您指定。</translation>
    </message>
    <message>
        <source>The layout search ranks each offer at its own rate: its choice, %1, costs %2 a month at %3 per GPU-hour.</source>
        <translation>布局搜索按各租用报价自身单价排名：其选择 %1 每月花费 %2，每 GPU 小时 %3。</translation>
    </message>
    <message>
        <source>on demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>reserved (%1)</source>
        <translation>预留（%1）</translation>
    </message>
    <message>
        <source>No GPU-hour rate is known for %1, so the rental cost is unknown, not free.</source>
        <translation>%1 没有已知的 GPU 小时价格，因此租用成本未知，而不是免费。</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Report</name>
    <message>
        <source>Assumptions: every input and catalogue figure used</source>
        <translation>假设：所用的每项输入和目录数据</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>截至</translation>
    </message>
    <message>
        <source>Scenario input</source>
        <translation>场景输入</translation>
    </message>
    <message>
        <source>Scenario input (%1)</source>
        <translation>场景输入（%1）</translation>
    </message>
    <message>
        <source>Scenario name</source>
        <translation>场景名称</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Weights format</source>
        <translation>权重格式</translation>
    </message>
    <message>
        <source>as shipped in the checkpoint</source>
        <translation>检查点原始格式</translation>
    </message>
    <message>
        <source>Format of %1 weights</source>
        <translation>%1 权重的格式</translation>
    </message>
    <message>
        <source>KV cache format</source>
        <translation>KV 缓存格式</translation>
    </message>
    <message>
        <source>GPU type</source>
        <translation>GPU 型号</translation>
    </message>
    <message>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>auto (practical count: %1)</source>
        <translation>自动（实际数量：%1）</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Parallel layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>TP %1, EP %2, PP %3</source>
        <translation>TP %1，EP %2，PP %3</translation>
    </message>
    <message>
        <source>HostPlan&apos;s preferred layout for the GPU count (core/sizing/fit.h)</source>
        <translation>HostPlan 针对该 GPU 数量的首选布局（core/sizing/fit.h）</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <source>Engine memory fraction</source>
        <translation>引擎显存比例</translation>
    </message>
    <message>
        <source>State slots per request</source>
        <translation>每请求状态槽数</translation>
    </message>
    <message>
        <source>KV block size</source>
        <translation>KV 块大小</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 tokens</translation>
    </message>
    <message>
        <source>Prefill chunk</source>
        <translation>预填充分块</translation>
    </message>
    <message>
        <source>Activations per GPU</source>
        <translation>每 GPU 激活值</translation>
    </message>
    <message>
        <source>Runtime overhead per GPU</source>
        <translation>每 GPU 运行时开销</translation>
    </message>
    <message>
        <source>Context per sequence</source>
        <translation>每序列上下文</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>并发序列数</translation>
    </message>
    <message>
        <source>Input tokens per month</source>
        <translation>每月输入 tokens</translation>
    </message>
    <message>
        <source>Cached input tokens per month</source>
        <translation>每月缓存输入 tokens</translation>
    </message>
    <message>
        <source>Output tokens per month</source>
        <translation>每月输出 tokens</translation>
    </message>
    <message>
        <source>Hours per day rented</source>
        <translation>每天租用小时数</translation>
    </message>
    <message>
        <source>Heavy user&apos;s tokens per month</source>
        <translation>重度用户每月 tokens</translation>
    </message>
    <message>
        <source>Hours per month</source>
        <translation>每月小时数</translation>
    </message>
    <message>
        <source>GPU-hour rate (%1)</source>
        <translation>GPU 小时单价（%1）</translation>
    </message>
    <message>
        <source>%1 per 1M tokens</source>
        <translation>每 1M tokens %1</translation>
    </message>
    <message>
        <source>API compared</source>
        <translation>比较的 API</translation>
    </message>
    <message>
        <source>no API price</source>
        <translation>无 API 价格</translation>
    </message>
    <message>
        <source>the model&apos;s default API (catalogue)</source>
        <translation>模型的默认 API（目录）</translation>
    </message>
    <message>
        <source>API input price</source>
        <translation>API 输入价格</translation>
    </message>
    <message>
        <source>API cached input price</source>
        <translation>API 缓存输入价格</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API 输出价格</translation>
    </message>
    <message>
        <source>Also sold by: %1</source>
        <translation>其他供应商：%1</translation>
    </message>
    <message>
        <source>%1 in / %2 out per 1M tokens; %3 a month for this workload</source>
        <translation>每 1M tokens 输入 %1 / 输出 %2；此负载每月 %3</translation>
    </message>
    <message>
        <source>Total parameters</source>
        <translation>总参数量</translation>
    </message>
    <message>
        <source>Active parameters per token</source>
        <translation>每 token 激活参数量</translation>
    </message>
    <message>
        <source>Weights (after formats)</source>
        <translation>权重（应用格式后）</translation>
    </message>
    <message>
        <source>Checkpoint size</source>
        <translation>检查点大小</translation>
    </message>
    <message>
        <source>Maximum context</source>
        <translation>最大上下文</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>%1 routed, %2 active per token, %3 shared</source>
        <translation>%1 个路由专家，每 token 激活 %2 个，%3 个共享</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Advertised memory per GPU</source>
        <translation>每 GPU 标称显存</translation>
    </message>
    <message>
        <source>Usable memory per GPU</source>
        <translation>每 GPU 可用显存</translation>
    </message>
    <message>
        <source>HBM bandwidth per GPU</source>
        <translation>每 GPU HBM 带宽</translation>
    </message>
    <message>
        <source>Native MXFP4</source>
        <translation>原生 MXFP4</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no (dequantized at run time)</source>
        <translation>否（运行时反量化）</translation>
    </message>
    <message>
        <source>%1 memory</source>
        <translation>%1 显存</translation>
    </message>
    <message>
        <source>%1 GPU-hour rate</source>
        <translation>%1 GPU 小时单价</translation>
    </message>
    <message>
        <source>Rental cost of %1 at %2 per GPU-hour</source>
        <translation>%1 的租金，每 GPU 小时 %2</translation>
    </message>
    <message>
        <source>Period</source>
        <translation>时段</translation>
    </message>
    <message>
        <source>GPU-hours, 24 h/day</source>
        <translation>GPU 小时，每天 24 小时</translation>
    </message>
    <message>
        <source>Cost, always on</source>
        <translation>成本，全天运行</translation>
    </message>
    <message>
        <source>GPU-hours, %1 h/day</source>
        <translation>GPU 小时，每天 %1 小时</translation>
    </message>
    <message>
        <source>Cost at %1 h/day</source>
        <translation>每天 %1 小时的成本</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 天</translation>
    </message>
    <message>
        <source>30 days (720 h)</source>
        <translation>30 天（720 小时）</translation>
    </message>
    <message>
        <source>Month (%1 h, as planned)</source>
        <translation>月（%1 小时，按计划）</translation>
    </message>
    <message>
        <source>The same tokens at API prices (%1): %2 per month. The hour row is one hour of running GPUs; &quot;at %3 h/day&quot; rents them only for those hours.</source>
        <translation>相同 tokens 按 API 价格（%1）：每月 %2。“小时”一行是 GPU 运行一小时；“每天 %3 小时”表示只在这些小时租用。</translation>
    </message>
    <message>
        <source>No API price is known for this model, so there is no API comparison. The hour row is one hour of running GPUs; &quot;at %1 h/day&quot; rents them only for those hours.</source>
        <translation>此模型没有已知的 API 价格，因此不做 API 比较。“小时”一行是 GPU 运行一小时；“每天 %1 小时”表示只在这些小时租用。</translation>
    </message>
    <message>
        <source>Weights by tensor group</source>
        <translation>按张量组的权重</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Placement</source>
        <translation>放置方式</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>整个模型</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>每 GPU</translation>
    </message>
    <message>
        <source>sharded</source>
        <translation>分片</translation>
    </message>
    <message>
        <source>replicated</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>All groups</source>
        <translation>所有组</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>关键数据</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 (TP %2, EP %3, PP %4)</source>
        <translation>%1（TP %2，EP %3，PP %4）</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>%1 of %2 tokens (up to %3 fit)</source>
        <translation>%1，每个 %2 tokens（最多可放 %3）</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>%1 needed of %2 usable</source>
        <translation>需要 %1，可用 %2</translation>
    </message>
    <message>
        <source>Memory in total</source>
        <translation>显存总量</translation>
    </message>
    <message>
        <source>Memory floor (weights only)</source>
        <translation>显存下限（仅权重）</translation>
    </message>
    <message>
        <source>Practical count / pilot range</source>
        <translation>实际数量 / 试点范围</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>%1 以内均无</translation>
    </message>
    <message>
        <source>GPU-hour rate</source>
        <translation>GPU 小时单价</translation>
    </message>
    <message>
        <source>Monthly rental, always on (%1 h)</source>
        <translation>月租金，全天运行（%1 小时）</translation>
    </message>
    <message>
        <source>Monthly rental at %1 h/day</source>
        <translation>月租金，每天 %1 小时</translation>
    </message>
    <message>
        <source>API, same volume (%1)</source>
        <translation>API，相同用量（%1）</translation>
    </message>
    <message>
        <source>API, same volume</source>
        <translation>API，相同用量</translation>
    </message>
    <message>
        <source>Self-hosted cost per 1M output tokens</source>
        <translation>自托管每 1M 输出 tokens 成本</translation>
    </message>
    <message>
        <source>n/a (the plan does not fit)</source>
        <translation>不适用（方案放不下）</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity (%1% utilisation)</source>
        <translation>满负荷时每 1M 输出 tokens 成本（利用率 %1%）</translation>
    </message>
    <message>
        <source>Break-even output volume</source>
        <translation>盈亏平衡输出量</translation>
    </message>
    <message>
        <source>Break-even heavy users</source>
        <translation>盈亏平衡重度用户数</translation>
    </message>
    <message>
        <source>Recommendation</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Memory per GPU (most loaded GPU) and in total (%1, TP %2, EP %3, PP %4)</source>
        <translation>每 GPU 显存（负载最重的 GPU）及总量（%1，TP %2，EP %3，PP %4）</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组成部分</translation>
    </message>
    <message>
        <source>All %1</source>
        <translation>全部 %1</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache (%1 x %2 tokens)</source>
        <translation>KV 缓存（%1 x %2 tokens）</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>运行时开销</translation>
    </message>
    <message>
        <source>Total needed</source>
        <translation>总需求</translation>
    </message>
    <message>
        <source>Engine budget (memory fraction %1)</source>
        <translation>引擎预算（显存比例 %1）</translation>
    </message>
    <message>
        <source>Usable GPU memory (driver total)</source>
        <translation>可用 GPU 显存（驱动报告总量）</translation>
    </message>
    <message>
        <source>Room for KV cache and state</source>
        <translation>KV 缓存与状态的空间</translation>
    </message>
    <message>
        <source>Options across GPU types (%1, %2 of %3 tokens)</source>
        <translation>各 GPU 型号的选项（%1，%2，每个 %3 tokens）</translation>
    </message>
    <message>
        <source>Memory floor</source>
        <translation>显存下限</translation>
    </message>
    <message>
        <source>Practical count</source>
        <translation>实际数量</translation>
    </message>
    <message>
        <source>Sequences at %1 ms</source>
        <translation>%1 ms 下的序列数</translation>
    </message>
    <message>
        <source>Pilot range</source>
        <translation>试点范围</translation>
    </message>
    <message>
        <source>Per GPU-hour</source>
        <translation>每 GPU 小时</translation>
    </message>
    <message>
        <source>Month at %1 h/day</source>
        <translation>每天 %1 小时的月成本</translation>
    </message>
    <message>
        <source>Month always on</source>
        <translation>全天运行的月成本</translation>
    </message>
    <message>
        <source> (scenario)</source>
        <translation>（场景）</translation>
    </message>
    <message>
        <source>0 (too slow)</source>
        <translation>0（太慢）</translation>
    </message>
    <message>
        <source>the API costs %1 per month for the same tokens.</source>
        <translation>相同 tokens 的 API 费用为每月 %1。</translation>
    </message>
    <message>
        <source>no API price is known for this model.</source>
        <translation>此模型没有已知的 API 价格。</translation>
    </message>
    <message>
        <source>Each probed GPU against the plan</source>
        <translation>每个被探测 GPU 与方案的对比</translation>
    </message>
    <message>
        <source>Planned per GPU</source>
        <translation>每 GPU 计划用量</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Measured bandwidth</source>
        <translation>实测带宽</translation>
    </message>
    <message>
        <source>Catalogue</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>No probe report is attached. Run hostplan-probe on the rented machine (hostplan-probe all --json --scenario FILE &gt; probe.json) and attach the report: hostplan-cli report --probe-report probe.json, or import it in the Probe panel before exporting from the GUI.</source>
        <translation>未附带探测报告。请在租用的机器上运行 hostplan-probe（hostplan-probe all --json --scenario FILE &gt; probe.json）并附上报告：hostplan-cli report --probe-report probe.json，或在 GUI 导出前于“探测”面板中导入。</translation>
    </message>
    <message>
        <source>Probe report from host %1, %2 (%3 %4); status: %5; GPUs found: %6.</source>
        <translation>来自主机 %1 的探测报告，%2（%3 %4）；状态：%5；发现的 GPU：%6。</translation>
    </message>
    <message>
        <source>The probed machine has %1, the plan is for %2: the verdicts below test the plan&apos;s memory per GPU on the probed GPUs, and the plan&apos;s speed figures are not calibrated by this report.</source>
        <translation>被探测的机器有 %1，方案针对的是 %2：下面的结论在被探测的 GPU 上检验方案的每 GPU 显存，方案的速度数据未经此报告校准。</translation>
    </message>
    <message>
        <source>The plan needs %1 and the probed machine has %2: the verdicts are per GPU.</source>
        <translation>方案需要 %1，而被探测的机器有 %2：结论按每 GPU 给出。</translation>
    </message>
    <message>
        <source>Fits (verified)</source>
        <translation>放得下（已验证）</translation>
    </message>
    <message>
        <source>Fits (free memory)</source>
        <translation>放得下（空闲显存）</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
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
        <translation>按需租用</translation>
    </message>
    <message>
        <source>Dedicated</source>
        <translation>专用</translation>
    </message>
    <message>
        <source>No API comparison</source>
        <translation>无 API 比较</translation>
    </message>
    <message>
        <source>%1: no API price is known for %2; set one in the scenario&apos;s pricing to compare renting %3 (%4 a month at %5 h/day) with paying per token.</source>
        <translation>%1：%2 没有已知的 API 价格；请在场景的定价中设置一个，以比较租用 %3（每天 %5 小时，每月 %4）与按 token 付费。</translation>
    </message>
    <message>
        <source>%1: %2 does not carry this workload; stay on the API until a configuration fits (practical count: %3).</source>
        <translation>%1：%2 无法承载此负载；在有配置能放下之前请继续使用 API（实际数量：%3）。</translation>
    </message>
    <message>
        <source>none up to %1 GPUs</source>
        <translation>%1 个 GPU 以内均无</translation>
    </message>
    <message>
        <source>%1: the API would cost %2 per month, more than %3 always on (%4); rent or own them around the clock.</source>
        <translation>%1：API 每月将花费 %2，高于全天运行 %3 的费用（%4）；请全天租用或自购这些 GPU。</translation>
    </message>
    <message>
        <source>%1: rent %2 for %3 h/day (%4 per month) instead of the API (%5); always on (%6) would cost more than the API.</source>
        <translation>%1：每天租用 %2 %3 小时（每月 %4），而不是使用 API（%5）；全天运行（%6）会比 API 更贵。</translation>
    </message>
    <message>
        <source>%1-%2 GPUs</source>
        <translation>%1-%2 个 GPU</translation>
    </message>
    <message>
        <source>HostPlan budget report</source>
        <translation>HostPlan 预算报告</translation>
    </message>
    <message>
        <source>Fits on %1</source>
        <translation>可放在 %1 上</translation>
    </message>
    <message>
        <source>Does not fit on %1</source>
        <translation>无法放在 %1 上</translation>
    </message>
    <message>
        <source>%1 (TP %2, EP %3, PP %4) carry %5 of %6 tokens of %7; up to %8 fit at once.</source>
        <translation>%1（TP %2，EP %3，PP %4）承载 %7 的 %5（每个 %6 tokens）；最多可同时放下 %8。</translation>
    </message>
    <message>
        <source>Does not fit: %1.</source>
        <translation>放不下：%1。</translation>
    </message>
    <message>
        <source>Note: %1.</source>
        <translation>注意：%1。</translation>
    </message>
    <message>
        <source>Stale price: %1 is from %2, %3 days before this report (older than %4 days); check the provider&apos;s page before deciding.</source>
        <translation>价格过期：%1 的价格来自 %2，比本报告早 %3 天（超过 %4 天）；决策前请查看供应商页面。</translation>
    </message>
    <message>
        <source>Recommendation: API when the plan does not fit, or when the API bill for the workload&apos;s tokens is no more than renting at the chosen hours a day; Dedicated when the API bill is more than renting the GPUs always on; Burst rental in between (renting for the chosen hours beats the API, always on does not).</source>
        <translation>建议：当方案放不下，或工作负载 tokens 的 API 账单不超过按所选每日时长租用的费用时，选 API；当 API 账单超过全天租用 GPU 的费用时，选专用；介于两者之间时选按需租用（按所选时长租用比 API 便宜，全天运行则不然）。</translation>
    </message>
    <message>
        <source>Memory floor: GPUs whose advertised memory (decimal GB) holds the weights alone, ceil(weights / memory per GPU). It is a boundary, not a deployment.</source>
        <translation>显存下限：标称显存（十进制 GB）仅能容纳权重的 GPU 数，ceil(权重 / 每 GPU 显存)。这是一个边界，而不是部署方案。</translation>
    </message>
    <message>
        <source>Practical count: the smallest rentable count (1 GPU, or whole nodes of the GPU&apos;s node size) whose preferred layout (TP inside a node, PP across nodes) holds the weights, activations, runtime and the KV cache of the workload within the engine&apos;s memory budget.</source>
        <translation>实际数量：最小的可租数量（1 个 GPU，或按该 GPU 节点规模的整节点），其首选布局（节点内 TP，跨节点 PP）能在引擎显存预算内容纳权重、激活、运行时以及工作负载的 KV 缓存。</translation>
    </message>
    <message>
        <source>Costs: GPU-hours x rate. A month is %1 h (365 x 24 / 12) always on; at H h/day it is H x %1 / 24 h. 30 days = 720 h.</source>
        <translation>成本：GPU 小时 x 单价。全天运行时一个月为 %1 小时（365 x 24 / 12）；每天 H 小时则为 H x %1 / 24 小时。30 天 = 720 小时。</translation>
    </message>
    <message>
        <source>API cost: input, cached input and output tokens a month x the API&apos;s price per 1M tokens. Break-even: the output volume (input and cached input growing in the same ratio) at which the API bill equals the rental at the chosen hours a day; heavy users: the rental divided by one heavy user&apos;s API bill (all tokens billed as output).</source>
        <translation>API 成本：每月的输入、缓存输入和输出 tokens x API 每 1M tokens 的价格。盈亏平衡：API 账单等于按所选每日时长租用费用时的输出量（输入和缓存输入按相同比例增长）；重度用户：租金除以单个重度用户的 API 账单（所有 tokens 按输出计费）。</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>%1 (continued)</source>
        <translation>%1（续）</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>HostPlan budget report · %1 · %2</source>
        <translation>HostPlan 预算报告 · %1 · %2</translation>
    </message>
    <message>
        <source>Date %1 · model %2 · %3 x %4</source>
        <translation>日期 %1 · 模型 %2 · %3 x %4</translation>
    </message>
    <message>
        <source> · scenario file %1</source>
        <translation> · 场景文件 %1</translation>
    </message>
    <message>
        <source>1. Executive summary</source>
        <translation>1. 执行摘要</translation>
    </message>
    <message>
        <source>2. Cost</source>
        <translation>2. 成本</translation>
    </message>
    <message>
        <source>3. Memory</source>
        <translation>3. 显存</translation>
    </message>
    <message>
        <source>Memory per GPU by weight precision</source>
        <translation>按权重精度的每 GPU 显存</translation>
    </message>
    <message>
        <source>4. Options across GPU types</source>
        <translation>4. 各 GPU 型号的选项</translation>
    </message>
    <message>
        <source>Monthly rental per GPU type</source>
        <translation>各 GPU 型号的月租金</translation>
    </message>
    <message>
        <source>Every input of the scenario and every catalogue figure the plan used, with its source and date. Replace an assumption by editing the scenario (or the catalogue files) and export the report again.</source>
        <translation>方案用到的每项场景输入和每个目录数据，及其来源和日期。要替换某个假设，请编辑场景（或目录文件）后重新导出报告。</translation>
    </message>
    <message>
        <source>All figures come from HostPlan&apos;s core (the same numbers as hostplan-cli plan --json and the GUI). Bytes are decimal GB (10^9) with binary GiB (2^30) in brackets; money is USD.</source>
        <translation>所有数据都来自 HostPlan 的核心（与 hostplan-cli plan --json 和 GUI 中的数字相同）。字节数为十进制 GB（10^9），括号内为二进制 GiB（2^30）；金额单位为美元。</translation>
    </message>
    <message>
        <source>Cannot write the report: the scenario has no plan (%1)</source>
        <translation>无法写入报告：该场景没有方案（%1）</translation>
    </message>
    <message>
        <source>Cannot write the report: the charts need a QApplication</source>
        <translation>无法写入报告：图表需要 QApplication</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be started</source>
        <translation>无法写入 %1：PDF 无法开始</translation>
    </message>
    <message>
        <source>Cannot write %1: the PDF could not be finished</source>
        <translation>无法写入 %1：PDF 无法完成</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Decimal GB (10^9 bytes) with binary GiB (2^30 bytes) in brackets. KV cache: %1 bytes per token for the whole model, %2 per GPU. Up to %3 of %4 tokens fit at once.</source>
        <translation>十进制 GB（10^9 字节），括号内为二进制 GiB（2^30 字节）。KV 缓存：整个模型每 token %1 字节，每 GPU %2 字节。最多可同时容纳 %3（每个 %4 tokens）。</translation>
    </message>
    <message>
        <source>GPU-hour rate (%1, offer %2, %3)</source>
        <translation>GPU 小时单价（%1，租用报价 %2，%3）</translation>
    </message>
    <message>
        <source>API context-length tier</source>
        <translation>API 上下文长度档位</translation>
    </message>
    <message>
        <source>prompts above %1 tokens (%2 per request in this workload)</source>
        <translation>提示超过 %1 tokens（此负载中每请求 %2）</translation>
    </message>
    <message>
        <source>base prices (%1 prompt tokens per request in this workload)</source>
        <translation>基础价格（此负载中每请求 %1 提示 tokens）</translation>
    </message>
    <message>
        <source>Batch API prices</source>
        <translation>批处理 API 价格</translation>
    </message>
    <message>
        <source>yes, %1% off</source>
        <translation>是，优惠 %1%</translation>
    </message>
    <message>
        <source>asked for; this API publishes none (standard prices)</source>
        <translation>已请求；此 API 未公布（使用标准价格）</translation>
    </message>
    <message>
        <source>API price range</source>
        <translation>API 价格范围</translation>
    </message>
    <message>
        <source>%1 - %2 a month for this workload; break-even %3 - %4</source>
        <translation>此负载每月 %1 - %2；盈亏平衡 %3 - %4</translation>
    </message>
    <message>
        <source>Memory per GPU (most loaded GPU), per replica and for all %1 replicas (%2, TP %3, EP %4, PP %5 per replica)</source>
        <translation>每 GPU 显存（负载最重的 GPU）、每副本及全部 %1 个副本的显存（%2，每副本 TP %3，EP %4，PP %5）</translation>
    </message>
    <message>
        <source>Per replica (%1)</source>
        <translation>每副本（%1）</translation>
    </message>
    <message>
        <source>All %1 replicas (%2)</source>
        <translation>全部 %1 个副本（%2）</translation>
    </message>
    <message>
        <source>5. Serving commands</source>
        <translation>5. 推理服务命令</translation>
    </message>
    <message>
        <source>The launch commands for this plan, the same text as hostplan-cli serve-cmd and the Deploy tab; the table under each command says where each value comes from. Names such as ${HEAD_IP} are shell variables to set on each node.</source>
        <translation>此方案的启动命令，与 hostplan-cli serve-cmd 及“部署”选项卡中的文本相同；每条命令下方的表格说明每个值的来源。${HEAD_IP} 等名称是需要在每个节点上设置的 shell 变量。</translation>
    </message>
    <message>
        <source>First, on the nodes:</source>
        <translation>首先，在各节点上：</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>6. Probe results</source>
        <translation>6. 探测结果</translation>
    </message>
    <message>
        <source>7. Assumptions</source>
        <translation>7. 假设</translation>
    </message>
    <message>
        <source>8. How the figures are derived</source>
        <translation>8. 数据的推导方法</translation>
    </message>
    <message>
        <source>%1: flags</source>
        <translation>%1：选项</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Why this value</source>
        <translation>取值原因</translation>
    </message>
    <message>
        <source>(model)</source>
        <translation>（模型）</translation>
    </message>
    <message>
        <source>How sure the decision is</source>
        <translation>决策的把握程度</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source>Decision figures with their ranges</source>
        <translation>决策数值及其区间</translation>
    </message>
    <message>
        <source>Low</source>
        <translation>低</translation>
    </message>
    <message>
        <source>Likely</source>
        <translation>可能</translation>
    </message>
    <message>
        <source>High</source>
        <translation>高</translation>
    </message>
    <message>
        <source>Output tokens a month at capacity</source>
        <translation>满负荷时每月输出 tokens</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens at capacity</source>
        <translation>满负荷时每 1M 输出 tokens 成本</translation>
    </message>
    <message>
        <source>Heavy users served</source>
        <translation>可服务的重度用户数</translation>
    </message>
    <message>
        <source>Break-even volume (output tokens a month)</source>
        <translation>盈亏平衡用量（每月输出 tokens）</translation>
    </message>
    <message>
        <source>Heavy users needed</source>
        <translation>所需重度用户数</translation>
    </message>
    <message>
        <source>API bill a month</source>
        <translation>每月 API 费用</translation>
    </message>
    <message>
        <source>Capacity, cost and users served span the throughput model&apos;s measured band; break-even and the API bill span the API price&apos;s published range. Low is the slow end for capacity and users, the cheap end for cost and the API bill, and the dear end of the price for break-even.</source>
        <translation>容量、成本和可服务用户数覆盖吞吐量模型的实测区间；盈亏平衡和 API 费用覆盖 API 价格的公布范围。“低”对容量和用户数指慢端，对成本和 API 费用指便宜端，对盈亏平衡指价格的昂贵端。</translation>
    </message>
    <message>
        <source>Inputs ranked by how much they move the decision (-20% / +20%)</source>
        <translation>按对决策影响大小排序的输入（-20% / +20%）</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Cost per 1M at -20%</source>
        <translation>-20% 时每 1M 成本</translation>
    </message>
    <message>
        <source>Cost per 1M at +20%</source>
        <translation>+20% 时每 1M 成本</translation>
    </message>
    <message>
        <source>Capacity / break-even at -20%</source>
        <translation>-20% 时容量 / 盈亏平衡</translation>
    </message>
    <message>
        <source>Capacity / break-even at +20%</source>
        <translation>+20% 时容量 / 盈亏平衡</translation>
    </message>
    <message>
        <source>Swing</source>
        <translation>波动幅度</translation>
    </message>
    <message>
        <source>Today: %1 per 1M output tokens at capacity, capacity %2 of the break-even volume. The swing is the larger relative change of either.</source>
        <translation>当前：满负荷时每 1M 输出 tokens %1，容量为盈亏平衡用量的 %2。波动幅度取两者中较大的相对变化。</translation>
    </message>
    <message>
        <source>Serves the break-even volume (%1 output tokens a month) even at the slow end of the throughput band (%2).</source>
        <translation>即使在吞吐量区间的慢端（%2），也能服务盈亏平衡用量（每月 %1 输出 tokens）。</translation>
    </message>
    <message>
        <source>Falls short of the break-even volume (%1 output tokens a month) even at the fast end of the throughput band (%2).</source>
        <translation>即使在吞吐量区间的快端（%2），也达不到盈亏平衡用量（每月 %1 输出 tokens）。</translation>
    </message>
    <message>
        <source>Too close to call: the throughput band (%1 - %2 output tokens a month) straddles the break-even volume (%3). Deciding assumption: %4.</source>
        <translation>难以判定：吞吐量区间（每月 %1 - %2 输出 tokens）跨越盈亏平衡用量（%3）。决定性假设：%4。</translation>
    </message>
    <message>
        <source>Over the API price&apos;s published range the break-even volume is %1 - %2: too close to call on price as well.</source>
        <translation>在 API 价格的公布范围内，盈亏平衡用量为 %1 - %2：按价格同样难以判定。</translation>
    </message>
    <message>
        <source>Draft %1: weights %2 per GPU, KV %3 bytes per token (%4 for the pool), profiled forward %5.</source>
        <translation>草稿模型 %1：每 GPU 权重 %2，KV 每 token %3 字节（缓存池共 %4），剖析前向传播 %5。</translation>
    </message>
    <message>
        <source>low-concurrency</source>
        <translation>低并发</translation>
    </message>
    <message>
        <source>decode-heavy</source>
        <translation>解码为主</translation>
    </message>
    <message>
        <source>prefill-heavy</source>
        <translation>预填充为主</translation>
    </message>
    <message>
        <source>utilisation %1 (HostPlan&apos;s assumption): at %2 the modelled capacity equals the break-even volume; the model&apos;s measured band in the %3 regime is %4-%5x of the modelled rate</source>
        <translation>利用率 %1（HostPlan 的假设）：在 %2 时模型估算容量等于盈亏平衡用量；该模型在%3场景下的实测区间为模型估算速率的 %4-%5 倍</translation>
    </message>
    <message>
        <source>Headroom after the draft&apos;s weights and KV pool, in the memory that --mem-fraction-static keeps outside the static pool: %1 per GPU.</source>
        <translation>在 --mem-fraction-static 保留于静态池之外的显存中，扣除草稿模型权重和 KV 缓存池后的余量：每 GPU %1。</translation>
    </message>
    <message>
        <source>Recurrent state format</source>
        <translation>循环状态格式</translation>
    </message>
    <message>
        <source>engine default: %1</source>
        <translation>引擎默认值：%1</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>循环状态</translation>
    </message>
    <message>
        <source>%1 default (HostPlan core/engine/engine.cpp, from the engine&apos;s source)</source>
        <translation>%1 默认值（HostPlan core/engine/engine.cpp，取自引擎源代码）</translation>
    </message>
    <message>
        <source>%1 start-up rules (HostPlan core/engine)</source>
        <translation>%1 启动规则（HostPlan core/engine）</translation>
    </message>
    <message>
        <source>%1: the profiled peak of the forward over the prefill chunk, the sampler and the draft</source>
        <translation>%1：预填充块前向、采样器和草稿模型剖析时的峰值</translation>
    </message>
    <message>
        <source>%1: CUDA context, communication buffers, non-torch memory and CUDA graphs</source>
        <translation>%1：CUDA 上下文、通信缓冲区、非 torch 内存和 CUDA 图</translation>
    </message>
    <message>
        <source>The vision encoder&apos;s profile pass before the decoder&apos;s: peak %1 per GPU, then %2 of its outputs and %3 of its dummy inputs kept through the decoder&apos;s run.</source>
        <translation>视觉编码器在解码器之前的剖析过程：每 GPU 峰值 %1，之后其输出 %2 和虚拟输入 %3 在解码器运行期间保留。</translation>
    </message>
    <message>
        <source>%1 of %2 tokens (the engine refuses the flags)</source>
        <translation>%1，每个 %2 tokens（引擎拒绝这些标志）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Each alone makes %1 start with the whole context: %2.</source>
        <translation>以下任一项单独即可使 %1 以完整上下文启动：%2。</translation>
    </message>
    <message>
        <source>the checkpoint&apos;s config.json (its quantization, else its dtype)</source>
        <translation>检查点的 config.json（其量化方式，否则为其 dtype）</translation>
    </message>
    <message>
        <source>the engines&apos; --kv-cache-dtype auto: the model&apos;s 16-bit dtype</source>
        <translation>引擎的 --kv-cache-dtype auto：模型的 16 位 dtype</translation>
    </message>
    <message>
        <source>HostPlan default: 365 x 24 / 12, the average month</source>
        <translation>HostPlan 默认值：365 x 24 / 12，即平均每月</translation>
    </message>
    <message>
        <source>The pool also keeps each running sequence&apos;s recurrent state (%1 per sequence per GPU), so its tokens take only part of it.</source>
        <translation>该池还保存每个运行中序列的循环状态（每个序列每 GPU %1），因此其 token 只占池的一部分。</translation>
    </message>
    <message>
        <source>Price date: %1 is dated %2, %3 days after this report; check its date before deciding.</source>
        <translation>价格日期：%1 的日期为 %2，比本报告晚 %3 天；决策前请核对其日期。</translation>
    </message>
    <message>
        <source>Pilot range: from the practical count to one more node, at most twice the practical count, rounded to whole nodes: the GPU counts to ask a provider to quote for a pilot (cf. the starting ranges of &apos;Kimi K3 Self-Hosting Cost: GPU Count, the $2.4M Claim, and Rental Math&apos;).</source>
        <translation>试点范围：从实际数量到多一个节点，最多为实际数量的两倍，按整节点取整：即向供应商询价试点时的 GPU 数量（参见 &apos;Kimi K3 Self-Hosting Cost: GPU Count, the $2.4M Claim, and Rental Math&apos; 的起始范围）。</translation>
    </message>
    <message>
        <source>%1: for this volume the API costs %2 a month; renting %3 at %4 h/day costs %5 a month.</source>
        <translation>%1：在此用量下 API 每月花费 %2；以每天 %4 小时租用 %3 每月花费 %5。</translation>
    </message>
    <message>
        <source>%1 terms per GPU: weight padding %2, replication %3, draft weights %4; CUDA context %5, communication %6, non-torch %7, CUDA graphs %8; activation peak %9 (MoE workspace %10, sampler %11); KV pool %12 at %13 bytes per token (draft layers %14), %15 tokens.</source>
        <translation>%1 每 GPU 各项：权重填充 %2，复制 %3，草稿权重 %4；CUDA 上下文 %5，通信 %6，非 torch %7，CUDA graphs %8；激活峰值 %9（MoE 工作区 %10，采样器 %11）；KV 缓存池 %12，每 token %13 字节（草稿层 %14），共 %15 tokens。</translation>
    </message>
    <message>
        <source>%1 (row at your %2)</source>
        <translation>%1（此行按您的 %2）</translation>
    </message>
    <message>
        <source>Memory floor: GPUs whose advertised memory holds the weights alone. Practical count: the smallest rentable count (1 GPU or whole nodes) whose layout holds the weights and the workload. Sequences at the target: how many of them the practical layout runs within the time per output token (0: too slow, e.g. pipeline stages over many nodes). Pilot range: what to ask a provider to quote for a pilot, from the practical count to one more node (at most twice the practical count). Monthly costs and sequences are at the practical count (on the scenario&apos;s row, at its own GPU count when it fixes one) and the rate of each type&apos;s chosen offer (or yours); %1 A * marks a rate no rental offer gives (the GPU type&apos;s assumed catalogue rate, or yours).</source>
        <translation>内存下限：标称内存仅能容纳权重的 GPU 数量。实际数量：布局能容纳权重和工作负载的最小可租数量（1 块 GPU 或整节点）。目标下的序列数：实际布局在每输出 token 时间内运行的序列数（0：太慢，例如跨多个节点的流水线阶段）。试点范围：向供应商询价的试点规模，从实际数量到多一个节点（最多为实际数量的两倍）。月成本和序列数按实际数量计算（场景所在行在其固定 GPU 数量时按该数量）并按各类型所选报价（或您的价格）；%1 * 表示没有租用报价给出的价格（GPU 类型的假定目录价格或您的价格）。</translation>
    </message>
    <message>
        <source>%1 copies of %2 (one serves part of the workload)</source>
        <translation>%2 的 %1 份副本（一份只承担部分工作负载）</translation>
    </message>
    <message>
        <source>%1 (%2 tokens a month each, all billed at the API&apos;s output price)</source>
        <translation>%1（每人每月 %2 tokens，全部按 API 输出价格计费）</translation>
    </message>
    <message>
        <source>Speed per user</source>
        <translation>每用户速度</translation>
    </message>
    <message>
        <source>%1 tokens/s at %2 running (%3, likely %4-%5x of it)</source>
        <translation>%2 运行时 %1 tokens/s（%3，可能为其 %4-%5 倍）</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 时间</translation>
    </message>
    <message>
        <source>Monthly rental at the search&apos;s offer (%1, %2 per GPU-hour)</source>
        <translation>按搜索所选报价的月租（%1，每 GPU 小时 %2）</translation>
    </message>
    <message>
        <source>starts, holding %1 of %2 sequences at once</source>
        <translation>可启动，同时容纳 %2 个序列中的 %1 个</translation>
    </message>
    <message>
        <source>Starts on %1, holding %2 of %3 sequences at once (the rest queue)</source>
        <translation>可在 %1 上启动，同时容纳 %3 个序列中的 %2 个（其余排队）</translation>
    </message>
    <message>
        <source>Starts short: %1.</source>
        <translation>可启动但不足：%1。</translation>
    </message>
    <message>
        <source>Engine starts and serves part of the workload</source>
        <translation>引擎可启动并承担部分工作负载</translation>
    </message>
    <message>
        <source>%1 s once a slot is free (median; the requests beyond the %2 held wait for one first)</source>
        <translation>有空位后 %1 秒（中位数；超出所容纳 %2 个的请求需先等待空位）</translation>
    </message>
    <message>
        <source>n/a (no sequence meets the latency target)</source>
        <translation>n/a（没有序列达到延迟目标）</translation>
    </message>
    <message>
        <source>%1 (row at your %2, holding %3 of %4)</source>
        <translation>%1（此行按您的 %2，容纳 %4 中的 %3）</translation>
    </message>
    <message>
        <source>Copies of this deployment the workload takes</source>
        <translation>工作负载所需的此部署副本数</translation>
    </message>
    <message>
        <source>%1 (%2 a month at %3 h/day)</source>
        <translation>%1（按每天 %3 小时每月 %2）</translation>
    </message>
    <message>
        <source>%1 (%2 replicas of TP %3, EP %4, PP %5)</source>
        <translation>%1（%2 个副本，每个 TP %3、EP %4、PP %5）</translation>
    </message>
    <message>
        <source>No GPU price</source>
        <translation>无 GPU 价格</translation>
    </message>
    <message>
        <source>%1: no GPU-hour rate is known for %2; give one (its GPU file&apos;s usd_per_gpu_hour, a rate or an offer) to compare renting %3 with the API&apos;s %4 a month.</source>
        <translation>%1：%2 没有已知的 GPU 小时价格；请提供一个（GPU 文件中的 usd_per_gpu_hour、价格或报价），以便将租用 %3 与 API 每月 %4 进行比较。</translation>
    </message>
    <message>
        <source>DeepEP&apos;s all-to-all buffers (%1 per GPU) are allocated as the model loads, inside the KV budget.</source>
        <translation>DeepEP 的 all-to-all 缓冲区（每 GPU %1）在模型加载时分配，计入 KV 预算。</translation>
    </message>
    <message>
        <source>%1 (%2 copies of this deployment, which the workload&apos;s concurrency takes)</source>
        <translation>%1（工作负载并发所需的此部署的 %2 份副本）</translation>
    </message>
    <message>
        <source>%1 (%2 tokens a month each, all billed at the API&apos;s output price; one copy of this deployment, not the %3 the workload&apos;s concurrency takes)</source>
        <translation>%1（每人每月 %2 tokens，全部按 API 输出价格计费；按此部署的一份副本计，而非工作负载并发所需的 %3 份）</translation>
    </message>
    <message>
        <source>no API price to compare with</source>
        <translation>没有可比较的 API 价格</translation>
    </message>
    <message>
        <source>the plan does not fit, so it serves no tokens and never breaks even</source>
        <translation>方案放不下，因此不服务任何 tokens，永远达不到盈亏平衡</translation>
    </message>
    <message>
        <source>no GPU-hour rate, so the rental is unknown</source>
        <translation>没有 GPU 小时价格，因此租金未知</translation>
    </message>
    <message>
        <source>no modelled capacity (no sequence meets the latency target)</source>
        <translation>没有建模容量（没有序列达到延迟目标）</translation>
    </message>
    <message>
        <source>no volume breaks even (the API&apos;s output tokens cost nothing)</source>
        <translation>任何用量都达不到盈亏平衡（API 的输出 tokens 不收费）</translation>
    </message>
    <message>
        <source>%1, %2 copies</source>
        <translation>%1，%2 份副本</translation>
    </message>
    <message>
        <source>%1, one copy</source>
        <translation>%1，一份副本</translation>
    </message>
    <message>
        <source>This deployment holds %1 of the workload&apos;s %2 sequences at once: capacity and break-even volume count the %3 copies the workload&apos;s concurrency takes; heavy users count one copy, as each brings his own volume. Cost per 1M output tokens is the same on either basis.</source>
        <translation>此部署同时容纳工作负载 %2 个序列中的 %1 个：容量和盈亏平衡用量按工作负载并发所需的 %3 份副本计；重度用户按一份副本计，因为每个用户带来自己的用量。每 100 万输出 tokens 的成本在两种口径下相同。</translation>
    </message>
    <message>
        <source>No call on capacity against break-even: %1.</source>
        <translation>无法判断容量与盈亏平衡点的关系：%1。</translation>
    </message>
    <message>
        <source>Both volumes count the %1 copies of this deployment the workload&apos;s concurrency takes.</source>
        <translation>两个用量都按工作负载并发所需的此部署的 %1 份副本计。</translation>
    </message>
    <message>
        <source>GPUs per instance</source>
        <translation>每实例 GPU 数</translation>
    </message>
    <message>
        <source>auto (practical count: %1, %2 replicas of %3)</source>
        <translation>自动（实际数量：%1，%2 个副本，每个 %3）</translation>
    </message>
    <message>
        <source>Engine padding (kernel layouts, vocabulary)</source>
        <translation>引擎填充（内核布局、词表）</translation>
    </message>
    <message>
        <source>Replicated by the engine (KV heads under TP)</source>
        <translation>引擎复制的部分（TP 下的 KV 头）</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>草稿模型</translation>
    </message>
    <message>
        <source>Most loaded stage&apos;s share beyond the even one</source>
        <translation>负载最重阶段超出均分的份额</translation>
    </message>
    <message>
        <source>KV cache (%1 x %2 tokens per replica)</source>
        <translation>KV 缓存（每个副本 %1 x %2 个 token）</translation>
    </message>
    <message>
        <source>Rental cost of %1: unknown, no GPU-hour rate is known</source>
        <translation>%1 的租用成本：未知，没有已知的 GPU 小时价格</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 s (median, at the same load; %2 s mean when the running batch&apos;s prompts arrive together)</source>
        <translation>%1 秒（中位数，同等负载下；运行批次的提示同时到达时平均 %2 秒）</translation>
    </message>
    <message>
        <source>unknown (no GPU-hour rate)</source>
        <translation>未知（无 GPU 小时价格）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ReportOptionsChart</name>
    <message>
        <source>Monthly rental at the practical GPU count, per GPU type</source>
        <translation>各 GPU 型号在实际数量下的月租金</translation>
    </message>
    <message>
        <source>Always on</source>
        <translation>全天运行</translation>
    </message>
    <message>
        <source>At %1 h/day</source>
        <translation>每天 %1 小时</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Thousand USD per month</source>
        <translation>千美元/月</translation>
    </message>
    <message>
        <source>API, same tokens (%1 per month)</source>
        <translation>API，相同 tokens（每月 %1）</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ScenarioDocument</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario: %2</source>
        <translation>%1 不是有效的场景：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::SensitivityView</name>
    <message>
        <source>&lt;b&gt;Sensitivity&lt;/b&gt;&lt;p&gt;How sure the recommendation is. The sentence says whether the plan serves its break-even volume at both ends of the throughput band and of the API price range, and when it is too close to call, which assumption decides it. The tornado charts move each input by -20% and +20% and show cost per 1M output tokens and capacity over the break-even volume, the input that moves them most on top. The table gives the decision figures as low, likely and high. The scatter shows every layout that carries the workload by its median time per output token and to first token: blue points are the front (no other layout is faster on both and cheaper), the square is your plan.&lt;/p&gt;</source>
        <translation>&lt;b&gt;敏感性&lt;/b&gt;&lt;p&gt;推荐结论的把握程度。顶部的句子说明方案在吞吐量区间和 API 价格范围的两端是否都能服务其盈亏平衡用量；若难以判定，则指出起决定作用的假设。龙卷风图将每项输入分别调整 -20% 和 +20%，显示每 1M 输出 tokens 成本以及容量与盈亏平衡用量之比，影响最大的输入排在最上方。表格以低、可能、高三档给出决策数值。散点图按每个输出 token 的时间中位数和首 token 时间中位数显示所有能承载该负载的布局：蓝点为前沿（没有其他布局在两项上都更快且更便宜），方块为您的方案。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>无方案：%1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Stages</name>
    <message>
        <source>stage %1, layers %2-%3: weights %4, KV pool %5, %6 tokens</source>
        <translation>第 %1 级，层 %2-%3：权重 %4，KV 池 %5，%6 个 token</translation>
    </message>
    <message>
        <source>Pipeline stages, each holding its own decoder layers; the engine keeps the smallest stage&apos;s KV tokens: %1.</source>
        <translation>流水线各级各自持有自己的解码器层；引擎取各级中最少的 KV token 数：%1。</translation>
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
        <translation>可放在 %1 x %2 上</translation>
    </message>
    <message>
        <source>Does not fit on %1 x %2</source>
        <translation>无法放在 %1 x %2 上</translation>
    </message>
    <message>
        <source>none up to %1</source>
        <translation>%1 以内均无</translation>
    </message>
    <message>
        <source>&lt;p&gt;Recommendation: &lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Pilot range to quote: &lt;b&gt;%2&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;建议：&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;询价用的试点范围：&lt;b&gt;%2&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Memory per GPU (most loaded GPU) and in total&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;每 GPU 显存（负载最重的 GPU）及总量&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>每 GPU</translation>
    </message>
    <message>
        <source>All %1</source>
        <translation>全部 %1</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>运行时开销</translation>
    </message>
    <message>
        <source>Total needed</source>
        <translation>总需求</translation>
    </message>
    <message>
        <source>Engine budget (fraction %1)</source>
        <translation>引擎预算（比例 %1）</translation>
    </message>
    <message>
        <source>Usable GPU memory</source>
        <translation>可用 GPU 显存</translation>
    </message>
    <message>
        <source>Headroom after the workload</source>
        <translation>满足负载后的余量</translation>
    </message>
    <message>
        <source>&lt;p&gt;In total across all GPUs: %1. KV cache: %2 bytes per token for the whole model, %3 per GPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;所有 GPU 合计：%1。KV 缓存：整个模型每 token %2 字节，每 GPU %3。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Cost&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;成本&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>GPU rate</source>
        <translation>GPU 单价</translation>
    </message>
    <message>
        <source>%1 per GPU-hour x %2</source>
        <translation>每 GPU 小时 %1 x %2</translation>
    </message>
    <message>
        <source>Always on (24 h/day, %1 h month)</source>
        <translation>全天运行（每天 24 小时，每月 %1 小时）</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>每月 %1</translation>
    </message>
    <message>
        <source>At %1 h/day</source>
        <translation>每天 %1 小时</translation>
    </message>
    <message>
        <source>Self-hosted cost per 1M output tokens</source>
        <translation>自托管每 1M 输出 tokens 成本</translation>
    </message>
    <message>
        <source>n/a (does not fit)</source>
        <translation>不适用（放不下）</translation>
    </message>
    <message>
        <source>n/a (no output tokens)</source>
        <translation>不适用（无输出 tokens）</translation>
    </message>
    <message>
        <source>Per 1M output tokens at %1% utilisation (%2)</source>
        <translation>利用率 %1% 时每 1M 输出 tokens（%2）</translation>
    </message>
    <message>
        <source>Same tokens at API prices (%1)</source>
        <translation>相同 tokens 按 API 价格（%1）</translation>
    </message>
    <message>
        <source>API output price</source>
        <translation>API 输出价格</translation>
    </message>
    <message>
        <source>%1 per 1M output tokens</source>
        <translation>每 1M 输出 tokens %1</translation>
    </message>
    <message>
        <source>API comparison</source>
        <translation>API 比较</translation>
    </message>
    <message>
        <source>no API price for this model: set one under Pricing</source>
        <translation>此模型没有 API 价格：请在“定价”中设置</translation>
    </message>
    <message>
        <source>Self-hosting wins from &lt;b&gt;%1&lt;/b&gt; of %2 tokens a month each.</source>
        <translation>从 &lt;b&gt;%1&lt;/b&gt;（每人每月 %2 tokens）起自托管更划算。</translation>
    </message>
    <message>
        <source>Self-hosting does not win at any number of heavy users of %1 tokens a month each.</source>
        <translation>对于每人每月 %1 tokens 的重度用户，无论人数多少，自托管都不划算。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the API stays cheaper at any volume this plan can serve. %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;盈亏平衡：&lt;b&gt;永不&lt;/b&gt;：在此方案能服务的任何用量下 API 都更便宜。%1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the plan does not fit, so it serves no tokens.&lt;/p&gt;</source>
        <translation>&lt;p&gt;盈亏平衡：&lt;b&gt;永不&lt;/b&gt;：方案放不下，因此不产出 tokens。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your volume: %1 output tokens per month; self-hosting is &lt;b&gt;%2&lt;/b&gt; the API at this volume.&lt;/p&gt;</source>
        <translation>&lt;p&gt;您的用量：每月 %1 输出 tokens；在此用量下自托管&lt;b&gt;%2&lt;/b&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>cheaper than</source>
        <translation>比 API 便宜</translation>
    </message>
    <message>
        <source>more expensive than</source>
        <translation>比 API 贵</translation>
    </message>
    <message>
        <source>API prices: %1, as of %2. GPU rate: %3, as of %4.</source>
        <translation>API 价格：%1，截至 %2。GPU 单价：%3，截至 %4。</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Weights by tensor group (per GPU and whole model)&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;按张量组的权重（每 GPU 与整个模型）&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Whole model</source>
        <translation>整个模型</translation>
    </message>
    <message>
        <source> (replicated)</source>
        <translation>（复制）</translation>
    </message>
    <message>
        <source>&lt;h3 style=&apos;color:%1&apos;&gt;No plan&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;</source>
        <translation>&lt;h3 style=&apos;color:%1&apos;&gt;无方案&lt;/h3&gt;&lt;p&gt;%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h4&gt;Memory per GPU (most loaded GPU), per replica and in total for %1 replicas&lt;/h4&gt;</source>
        <translation>&lt;h4&gt;每 GPU 显存（负载最重的 GPU）、每副本及 %1 个副本的总量&lt;/h4&gt;</translation>
    </message>
    <message>
        <source>Per replica (%1)</source>
        <translation>每副本（%1）</translation>
    </message>
    <message>
        <source>All %1 replicas (%2)</source>
        <translation>全部 %1 个副本（%2）</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each of the %1 replicas holds its share of the sequences. In total across all GPUs: %2 (one replica: %3). KV cache: %4 bytes per token for the whole model, %5 per GPU.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 个副本各自承担其份额的序列。所有 GPU 合计：%2（单个副本：%3）。KV 缓存：整个模型每 token %4 字节，每 GPU %5。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Self-hosting does not win for heavy users of %1 tokens a month each on this plan: break-even needs %2 (%3 output tokens a month) and it serves %4, %5-%6 over the throughput band (more GPUs serve more).</source>
        <translation>在此方案下，每人每月 %1 tokens 的重度用户无法让自托管划算：盈亏平衡需要 %2（每月 %3 输出 tokens），而方案只能服务 %4，在吞吐量区间内为 %5-%6（更多 GPU 可服务更多用户）。</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>循环状态</translation>
    </message>
    <message>
        <source>&lt;p&gt;The engine&apos;s KV pool takes %1 bytes per token per GPU (every layer, in its own cache layout); its token capacity follows that figure.&lt;/p&gt;</source>
        <translation>&lt;p&gt;引擎的 KV 池每个 token 每个 GPU 占用 %1 字节（所有层，按引擎自身的缓存布局）；其 token 容量以此数值为准。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Each of these flags alone makes %1 start with the whole context:&lt;/p&gt;&lt;ul&gt;</source>
        <translation>&lt;p&gt;以下任一标志单独即可使 %1 以完整上下文启动：&lt;/p&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <source>The engine refuses these flags before loading, so it holds no sequence.</source>
        <translation>引擎在加载前拒绝这些标志，因此不容纳任何序列。</translation>
    </message>
    <message>
        <source>Up to &lt;b&gt;%1&lt;/b&gt; of %2 tokens at once.</source>
        <translation>最多同时 &lt;b&gt;%1&lt;/b&gt;（%2 tokens）。</translation>
    </message>
    <message>
        <source>&lt;p&gt;%1 Memory floor (weights only): &lt;b&gt;%2&lt;/b&gt;; practical count for this workload: &lt;b&gt;%3&lt;/b&gt;.&lt;/p&gt;</source>
        <translation>&lt;p&gt;%1 显存下限（仅权重）：&lt;b&gt;%2&lt;/b&gt;；此负载的实际数量：&lt;b&gt;%3&lt;/b&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Engine budget (KV: fraction %1 of the memory free after loading)</source>
        <translation>引擎预算（KV：加载后空闲内存的 %1）</translation>
    </message>
    <message>
        <source>&lt;p&gt;This deployment serves part of that volume: %1 copies carry it, %2 a month at the chosen hours.&lt;/p&gt;</source>
        <translation>&lt;p&gt;此部署只承担该用量的一部分：需要 %1 份副本，按所选时长每月 %2。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>API bill per 1M output tokens, this mix</source>
        <translation>按此组合每 1M 输出 token 的 API 账单</translation>
    </message>
    <message>
        <source>Starts on %1 x %2, holding %3 of %4 sequences at once (the rest queue)</source>
        <translation>可在 %1 x %2 上启动，同时容纳 %4 个序列中的 %3 个（其余排队）</translation>
    </message>
    <message>
        <source>&lt;p&gt;This deployment holds %1 of the workload&apos;s %2 sequences at once: %3 copies carry the workload, %4 a month at the chosen hours.&lt;/p&gt;</source>
        <translation>&lt;p&gt;此部署同时容纳工作负载 %2 个序列中的 %1 个：需要 %3 份副本承担工作负载，按所选时长每月 %4。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;unknown&lt;/b&gt;: HostPlan knows no GPU-hour rate for %1; enter one (Pricing) to compare renting with the API.&lt;/p&gt;</source>
        <translation>&lt;p&gt;盈亏平衡：&lt;b&gt;未知&lt;/b&gt;：HostPlan 不知道 %1 的 GPU 小时价格；请输入一个（定价）以比较租用与 API。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>unknown (no GPU-hour rate)</source>
        <translation>未知（无 GPU 小时价格）</translation>
    </message>
    <message>
        <source>Self-hosting does not win for heavy users of %1 tokens a month each at the modelled capacity of this plan: break-even needs %2 (%3 output tokens a month) and it serves %4, %5-%6 over the throughput band: within reach only towards the band&apos;s fast end.</source>
        <translation>按此方案的建模容量，每人每月 %1 tokens 的重度用户无法让自托管划算：盈亏平衡需要 %2（每月 %3 输出 tokens），而方案服务 %4，在吞吐量区间内为 %5-%6：只有接近区间快端时才可达到。</translation>
    </message>
    <message>
        <source>Heavy users are counted on one copy of this deployment (%1 a month), not the %2 the workload&apos;s concurrency takes.</source>
        <translation>重度用户按此部署的一份副本计（每月 %1），而非工作负载并发所需的 %2 份。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;never&lt;/b&gt;: the API stays cheaper at any volume the %1 copies of this deployment the workload&apos;s concurrency takes can serve. %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;盈亏平衡：&lt;b&gt;永不&lt;/b&gt;：在工作负载并发所需的此部署的 %1 份副本能服务的任何用量下 API 都更便宜。%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The break-even volume counts the rental and capacity of the %1 copies of this deployment the workload&apos;s concurrency takes.&lt;/p&gt;</source>
        <translation>&lt;p&gt;盈亏平衡用量按工作负载并发所需的此部署的 %1 份副本的租金和容量计算。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;%1&lt;/b&gt;. %2&lt;/p&gt;</source>
        <translation>&lt;p&gt;盈亏平衡：&lt;b&gt;%1&lt;/b&gt;。%2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>unknown x %1</source>
        <translation>未知 x %1</translation>
    </message>
    <message>
        <source>Were every token billed at the output rate, break-even would be %1 output tokens a month.</source>
        <translation>若所有 tokens 都按输出价格计费，盈亏平衡点为每月 %1 输出 tokens。</translation>
    </message>
    <message>
        <source>Were every token billed at the output rate, the API would stay cheaper at every volume up to the %1 output tokens a month this plan serves.</source>
        <translation>若所有 tokens 都按输出价格计费，在本方案每月可提供的 %1 输出 tokens 以内，API 在任何用量下都更便宜。</translation>
    </message>
    <message>
        <source>&lt;p&gt;Break-even: &lt;b&gt;%1 output tokens per month&lt;/b&gt; with this token mix (%2 tokens/s sustained). %3 %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;盈亏平衡：按此 token 组合为&lt;b&gt;每月 %1 输出 tokens&lt;/b&gt;（持续 %2 tokens/s）。%3%4&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::ThroughputView</name>
    <message>
        <source>calibrated by a probe report</source>
        <translation>已由探测报告校准</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Batch %1 at %2 tokens of context
%3 tokens/s per user (%4 ms per output token)
%5 tokens/s per node, %6 tokens/s for the plan (%7)
Confidence: %8</source>
        <translation>批大小 %1，上下文 %2 tokens
每用户 %3 tokens/s（每个输出 token %4 ms）
每节点 %5 tokens/s，整个方案 %6 tokens/s（%7）
可信度：%8</translation>
    </message>
    <message>
        <source>
Slower than the %1 ms target per output token</source>
        <translation>
慢于每个输出 token %1 ms 的目标</translation>
    </message>
    <message>
        <source>Throughput: no plan (%1)</source>
        <translation>吞吐量：无方案（%1）</translation>
    </message>
    <message>
        <source>Throughput: not computed for this plan</source>
        <translation>吞吐量：此方案未计算</translation>
    </message>
    <message>
        <source>Tokens/s against batch, %1-token context (%2)</source>
        <translation>tokens/s 与批大小，%1 tokens 上下文（%2）</translation>
    </message>
    <message>
        <source>Capacity %1: %2 tokens/s per node, %3 per 1M output tokens</source>
        <translation>容量 %1：每节点 %2 tokens/s，每 1M 输出 tokens %3</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Tokens/s per user</source>
        <translation>每用户 tokens/s</translation>
    </message>
    <message>
        <source>Tokens/s per node</source>
        <translation>每节点 tokens/s</translation>
    </message>
    <message>
        <source>Batch (sequences in flight)</source>
        <translation>批大小（进行中的序列）</translation>
    </message>
    <message>
        <source>Memory limit (%1)</source>
        <translation>显存上限（%1）</translation>
    </message>
    <message>
        <source>%1 ms target (%2)</source>
        <translation>%1 ms 目标（%2）</translation>
    </message>
    <message>
        <source>modelled (fitted to published serving measurements; see the band)</source>
        <translation>模型估算（按已发布的推理服务实测拟合；见区间）</translation>
    </message>
    <message>
        <source>Batch per replica (sequences in flight; %1 replicas)</source>
        <translation>每个副本的批大小（进行中的序列；%1 个副本）</translation>
    </message>
    <message>
        <source>Memory limit per replica (%1)</source>
        <translation>每个副本的内存上限（%1）</translation>
    </message>
    <message>
        <source>
Above the memory limit: the KV room holds %1, so that many run at once and the rest wait; the rates are those of the running ones (dashed)</source>
        <translation>
超出显存上限：KV 空间可容纳 %1，同时只运行这么多，其余等待；速率为正在运行者的速率（虚线）</translation>
    </message>
    <message>
        <source>Your workload per replica (%1)</source>
        <translation>每个副本的负载（%1）</translation>
    </message>
    <message>
        <source>Your workload (%1)</source>
        <translation>您的负载（%1）</translation>
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
        <translation>GPU 小时单价</translation>
    </message>
    <message>
        <source>API prices</source>
        <translation>API 价格</translation>
    </message>
    <message>
        <source>TPOT target</source>
        <translation>TPOT 目标</translation>
    </message>
    <message>
        <source>Weight streaming</source>
        <translation>权重流式读取</translation>
    </message>
    <message>
        <source>Compute speed</source>
        <translation>计算速度</translation>
    </message>
    <message>
        <source>CPU per sequence</source>
        <translation>每序列 CPU 开销</translation>
    </message>
    <message>
        <source>MoE layer cost</source>
        <translation>MoE 层开销</translation>
    </message>
    <message>
        <source>Sensitivity: no plan (%1)</source>
        <translation>敏感性：无方案（%1）</translation>
    </message>
    <message>
        <source>%1x</source>
        <translation>%1x</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens</source>
        <translation>每 1M 输出 tokens 成本</translation>
    </message>
    <message>
        <source>Capacity / break-even</source>
        <translation>容量 / 盈亏平衡</translation>
    </message>
    <message>
        <source>Cheaper</source>
        <translation>更便宜</translation>
    </message>
    <message>
        <source>Less margin</source>
        <translation>余量更少</translation>
    </message>
    <message>
        <source>Dearer</source>
        <translation>更贵</translation>
    </message>
    <message>
        <source>More margin</source>
        <translation>余量更多</translation>
    </message>
    <message>
        <source>%1
At -20%: %2
At +20%: %3
Today: %4
Swing (ranking): %5%</source>
        <translation>%1
-20% 时：%2
+20% 时：%3
当前：%4
波动幅度（排序依据）：%5%</translation>
    </message>
    <message>
        <source>Today %1</source>
        <translation>当前 %1</translation>
    </message>
    <message>
        <source>no GPU-hour rate is known</source>
        <translation>没有已知的 GPU 小时价格</translation>
    </message>
    <message>
        <source>the GPUs are free (a rate of $0)</source>
        <translation>GPU 免费（价格为 $0）</translation>
    </message>
    <message>
        <source>no capacity to rank inputs by</source>
        <translation>无容量，无法对输入排序</translation>
    </message>
    <message>
        <source>no API price or no capacity</source>
        <translation>无 API 价格或无容量</translation>
    </message>
    <message>
        <source>Cost per 1M output tokens: %1</source>
        <translation>每 1M 输出 tokens 成本：%1</translation>
    </message>
    <message>
        <source>Capacity over break-even: %1</source>
        <translation>容量 / 盈亏平衡：%1</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::Verdict</name>
    <message>
        <source>no API price</source>
        <translation>无 API 价格</translation>
    </message>
    <message>
        <source>never: the plan does not fit, so it serves no one</source>
        <translation>永不：方案放不下，因此无法服务任何人</translation>
    </message>
    <message>
        <source>from the first heavy user (the rental costs nothing)</source>
        <translation>从第一位重度用户起（租金为零）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>never: the plan does not fit, so it serves no tokens</source>
        <translation>永不：方案放不下，因此不产出 tokens</translation>
    </message>
    <message>
        <source>never: the API stays cheaper at any volume this plan can serve</source>
        <translation>永不：在此方案能服务的任何用量下 API 都更便宜</translation>
    </message>
    <message>
        <source>%1 tokens a month (%2 tokens/s)</source>
        <translation>每月 %1 tokens（%2 tokens/s）</translation>
    </message>
    <message>
        <source>never on this plan: break-even needs %1, it serves %2 (%3-%4 over the throughput band)</source>
        <translation>此方案下永不：盈亏平衡需要 %1，方案只能服务 %2（吞吐量区间内 %3-%4）</translation>
    </message>
    <message>
        <source>unknown: no GPU-hour rate</source>
        <translation>未知：无 GPU 小时价格</translation>
    </message>
    <message>
        <source>not at the modelled capacity of this plan: break-even needs %1, it serves %2 (%3-%4 over the throughput band): within reach only towards the band&apos;s fast end</source>
        <translation>按此方案的建模容量达不到：盈亏平衡需要 %1，方案服务 %2（吞吐量区间内 %3-%4）：只有接近区间快端时才可达到</translation>
    </message>
    <message>
        <source>%1 tokens a month: above the modelled capacity (%2) but within its band (up to %3): too close to call</source>
        <translation>每月 %1 个 token：高于建模容量（%2），但在其范围内（最高 %3）：难以判定</translation>
    </message>
</context>
<context>
    <name>hostplan::ui::WorkloadPanel</name>
    <message>
        <source>Context length on a log scale: each tick is 4x (1K, 4K, 16K, 64K, 256K, 1M, 4M, 16M tokens)</source>
        <translation>对数刻度的上下文长度：每格为 4 倍（1K、4K、16K、64K、256K、1M、4M、16M tokens）</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> tokens</translation>
    </message>
    <message>
        <source>Tokens per sequence (prompt + output) the plan must hold</source>
        <translation>方案必须容纳的每序列 tokens（提示 + 输出）</translation>
    </message>
    <message>
        <source>Conte&amp;xt</source>
        <translation>上下文(&amp;X)</translation>
    </message>
    <message>
        <source> sequence</source>
        <translation> 个序列</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> 个序列</translation>
    </message>
    <message>
        <source>Sequences in flight at once, each at the full context</source>
        <translation>同时进行的序列数，每个都按完整上下文计算</translation>
    </message>
    <message>
        <source>C&amp;oncurrency</source>
        <translation>并发(&amp;O)</translation>
    </message>
    <message>
        <source> M tokens</source>
        <translation> M tokens</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tokens per month&lt;/b&gt; (millions)</source>
        <translation>&lt;b&gt;每月 tokens&lt;/b&gt;（百万）</translation>
    </message>
    <message>
        <source>Uncached prompt tokens per month</source>
        <translation>每月未缓存的提示 tokens</translation>
    </message>
    <message>
        <source>&amp;Input</source>
        <translation>输入(&amp;I)</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API serves from its prompt cache (billed at the cached-input price)</source>
        <translation>每月由 API 从提示缓存中提供的提示 tokens（按缓存输入价格计费）</translation>
    </message>
    <message>
        <source>Cached input</source>
        <translation>缓存输入</translation>
    </message>
    <message>
        <source>Generated tokens per month</source>
        <translation>每月生成的 tokens</translation>
    </message>
    <message>
        <source>O&amp;utput</source>
        <translation>输出(&amp;U)</translation>
    </message>
    <message>
        <source> h/day</source>
        <translation> 小时/天</translation>
    </message>
    <message>
        <source>Hours a day the GPUs are rented (24 = always on)</source>
        <translation>每天租用 GPU 的小时数（24 = 全天运行）</translation>
    </message>
    <message>
        <source>Tokens one heavy user generates per month (for break-even users)</source>
        <translation>一名重度用户每月生成的 tokens（用于计算盈亏平衡用户数）</translation>
    </message>
    <message>
        <source>Heavy user</source>
        <translation>重度用户</translation>
    </message>
    <message>
        <source>Change concurrency to %1</source>
        <translation>将并发改为 %1</translation>
    </message>
    <message>
        <source>Change %1 to %2</source>
        <translation>将 %1 改为 %2</translation>
    </message>
    <message>
        <source>monthly input tokens</source>
        <translation>每月输入 tokens</translation>
    </message>
    <message>
        <source>monthly cached input tokens</source>
        <translation>每月缓存输入 tokens</translation>
    </message>
    <message>
        <source>monthly output tokens</source>
        <translation>每月输出 tokens</translation>
    </message>
    <message>
        <source>hours per day</source>
        <translation>每天小时数</translation>
    </message>
    <message>
        <source>heavy user tokens</source>
        <translation>重度用户 tokens</translation>
    </message>
    <message>
        <source>Change context to %1 tokens</source>
        <translation>将上下文改为 %1 tokens</translation>
    </message>
    <message>
        <source>32,768 tokens, from the default scenario (resources/default-scenario.json); the model&apos;s max_position_embeddings (config.json) is the most a plan accepts.</source>
        <translation>32,768 tokens，来自默认场景（resources/default-scenario.json）；方案最多接受模型的 max_position_embeddings（config.json）。</translation>
    </message>
    <message>
        <source>Context length per sequence on a log scale: each tick is 4x; dragging previews, releasing records one edit.</source>
        <translation>对数刻度的每序列上下文长度：每个刻度为 4 倍；拖动时预览，松开时记录一次编辑。</translation>
    </message>
    <message>
        <source>tokens per sequence (prompt + output)</source>
        <translation>每序列 tokens（提示 + 输出）</translation>
    </message>
    <message>
        <source>Context length per sequence: the prompt and the output that one request holds in the KV cache at once.</source>
        <translation>每序列上下文长度：一个请求同时保存在 KV 缓存中的提示和输出。</translation>
    </message>
    <message>
        <source>Sequences in flight at once, each at the full context: the KV cache the plan must hold and the batch that sets the speed.</source>
        <translation>同时进行的序列数，每个都按完整上下文计算：决定方案必须容纳的 KV 缓存以及决定速度的批大小。</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>序列</translation>
    </message>
    <message>
        <source>16, from the default scenario.</source>
        <translation>16，来自默认场景。</translation>
    </message>
    <message>
        <source>millions of tokens per month</source>
        <translation>每月百万 tokens</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API would bill at its input price (not cached).</source>
        <translation>API 每月按其输入价格计费的提示 tokens（未缓存）。</translation>
    </message>
    <message>
        <source>2,000 M (2 billion), from the default scenario.</source>
        <translation>2,000 M（20 亿），来自默认场景。</translation>
    </message>
    <message>
        <source>Prompt tokens per month that an API serves from its prompt cache, billed at its cached-input price.</source>
        <translation>API 每月从提示缓存提供的提示 tokens，按缓存输入价格计费。</translation>
    </message>
    <message>
        <source>1,000 M, from the default scenario.</source>
        <translation>1,000 M，来自默认场景。</translation>
    </message>
    <message>
        <source>Generated tokens per month: the volume the GPUs must serve in time and the x axis of the break-even chart.</source>
        <translation>每月生成的 tokens：GPU 必须及时处理的量，也是盈亏平衡图的 x 轴。</translation>
    </message>
    <message>
        <source>500 M, from the default scenario.</source>
        <translation>500 M，来自默认场景。</translation>
    </message>
    <message>
        <source>Hours a day the GPUs are rented; fewer than 24 scales the rental (scheduled instances).</source>
        <translation>每天租用 GPU 的小时数；少于 24 时按比例计算租金（定时实例）。</translation>
    </message>
    <message>
        <source>24 (always on), from the default scenario.</source>
        <translation>24（全天运行），来自默认场景。</translation>
    </message>
    <message>
        <source>Tokens one heavy user generates per month: the break-even volume divided by this is the break-even number of users.</source>
        <translation>一名重度用户每月生成的 tokens：盈亏平衡用量除以此值即为盈亏平衡用户数。</translation>
    </message>
    <message>
        <source>millions of tokens per month per user</source>
        <translation>每用户每月百万 tokens</translation>
    </message>
    <message>
        <source>50 M, from the default scenario (a stated assumption).</source>
        <translation>50 M，来自默认场景（明示的假设）。</translation>
    </message>
    <message>
        <source>Hours per day</source>
        <translation>每天小时数</translation>
    </message>
</context>
</TS>
